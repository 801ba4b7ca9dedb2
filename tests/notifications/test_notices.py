"""Notices (page2): editors and admins publish to an audience; every member of it reads them live, in
its own language; scheduled, ended and withdrawn ones are not shown; bad input is a clear 422."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from audit.models import AuditEntry
from tests.support.http import ApiClient

pytestmark = pytest.mark.django_db


def as_role(role: str, slug: str = "public", language: str = "en") -> ApiClient:
    client = ApiClient(slug, language=language)
    client.login_as(role)
    return client


def publish(client: ApiClient, **over: Any) -> Any:
    body = {
        "message_pt_br": "Manutenção às 22h",
        "message_en": "Maintenance at 10 pm",
        "audience": "clients",
    } | over
    return client.post_json("/api/notices", body)


def live_ids(role: str, slug: str, language: str = "en") -> list[str]:
    answer = as_role(role, slug, language).get("/api/notices/live")
    assert answer.status_code == 200, answer.content
    return [n["id"] for n in answer.json()]


def test_an_editor_publishes_and_the_audience_reads_it_in_its_own_language() -> None:
    created = publish(as_role("editor"), level="warning")
    assert created.status_code == 201, created.content
    notice = created.json()
    assert notice["state"] == "live"
    assert notice["created_by"] == "editor@demo.test"
    for role, slug in (("client", "acme"), ("client_user_analyst", "acme"), ("client_user", "acme")):
        assert notice["id"] in live_ids(role, slug)
    english = as_role("client", "acme", "en").get("/api/notices/live").json()
    portuguese = as_role("client", "acme", "pt-BR").get("/api/notices/live").json()
    assert {n["id"]: n["message"] for n in english}[notice["id"]] == "Maintenance at 10 pm"
    assert {n["id"]: n["message"] for n in portuguese}[notice["id"]] == "Manutenção às 22h"
    # Other audiences do not see it.
    for role, slug in (("customer", "acme"), ("partner", "orbita"), ("admin", "public")):
        assert notice["id"] not in live_ids(role, slug)
    assert AuditEntry.objects.filter(action="notice.published", data__notice=notice["id"]).exists()


def test_everyone_means_every_kind_of_user() -> None:
    notice = publish(as_role("admin"), audience="everyone").json()
    for role, slug in (
        ("customer", "acme"),
        ("partner", "orbita"),
        ("employee", "public"),
        ("client", "acme"),
    ):
        assert notice["id"] in live_ids(role, slug)


def test_scheduled_ended_and_withdrawn_notices_are_not_shown() -> None:
    editor = as_role("editor")
    later = publish(editor, starts_at=(timezone.now() + timedelta(hours=2)).isoformat()).json()
    assert later["state"] == "scheduled"
    taken = publish(editor).json()
    withdrawn = editor.post_json(f"/api/notices/{taken['id']}/withdraw")
    assert withdrawn.status_code == 200
    assert withdrawn.json()["state"] == "withdrawn"
    again = editor.post_json(f"/api/notices/{taken['id']}/withdraw")  # idempotent
    assert again.json()["withdrawn_at"] == withdrawn.json()["withdrawn_at"]
    shown = live_ids("client", "acme")
    assert later["id"] not in shown
    assert taken["id"] not in shown
    listed = {n["id"]: n["state"] for n in editor.get("/api/notices").json()["items"]}
    assert listed[later["id"]] == "scheduled"
    assert listed[taken["id"]] == "withdrawn"
    assert AuditEntry.objects.filter(action="notice.withdrawn", data__notice=taken["id"]).count() == 1


@pytest.mark.parametrize(
    ("over", "field", "status", "code"),
    [
        ({"message_en": "   "}, "message_en", 400, "invalid_input"),
        ({"message_pt_br": ""}, "message_pt_br", 400, "invalid_input"),
        ({"audience": "martians"}, "audience", 400, "invalid_input"),
        ({"ends_at": "2020-01-01T00:00:00Z"}, "ends_at", 422, "notice_period_invalid"),
    ],
)
def test_bad_input_is_a_clear_error_and_writes_nothing(
    over: dict[str, str], field: str, status: int, code: str
) -> None:
    editor = as_role("editor", language="pt-BR")
    before = len(editor.get("/api/notices").json()["items"])
    answer = publish(editor, **over)
    assert answer.status_code == status, answer.content
    body = answer.json()
    assert body["code"] == code
    assert any(path.endswith(field) for path in body["fields"]), body
    assert body["message"]
    assert "Please" not in body["message"]
    assert len(editor.get("/api/notices").json()["items"]) == before


def test_an_end_before_the_start_is_refused() -> None:
    start = timezone.now() + timedelta(days=2)
    answer = publish(
        as_role("editor"), starts_at=start.isoformat(), ends_at=(start - timedelta(hours=1)).isoformat()
    )
    assert answer.status_code == 422
    assert answer.json()["fields"] == {"ends_at": "notice_period_invalid"}


@pytest.mark.parametrize(
    ("role", "slug"),
    [("employee", "public"), ("financial", "public"), ("client", "acme"), ("partner", "orbita")],
)
def test_only_editors_and_admins_write_or_list_notices(role: str, slug: str) -> None:
    client = as_role(role, slug)
    assert publish(client).status_code == 403
    assert client.get("/api/notices").status_code == 403
    notice = publish(as_role("editor")).json()
    assert client.post_json(f"/api/notices/{notice['id']}/withdraw").status_code == 403
