"""The periodic review of an approved KYC file: reminders 30 and 7 days before the review date (each
sent once, whatever the number of runs), then the file reopened as `review_due` by the daily job
(the client and the staff told, audited); the client updates and resubmits it. Staff reopen an
approved file by hand with a reason. Every move goes through the one transition table."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.utils import timezone
from django_tenants.utils import schema_context

from kyc import services as kyc
from kyc.models import KycFile
from notifications.models import Notification
from notifications.services import rendered
from tests.kyc.test_kyc_api import COMPANY, filled, new_client, trail
from tests.payouts.helpers import logged
from tests.support.http import ApiClient

pytestmark = pytest.mark.django_db

REOPEN = "Mudança no quadro societário informada pela Receita."


@pytest.fixture
def admin() -> ApiClient:
    return logged("public", "admin")


def approved(admin: ApiClient) -> tuple[str, ApiClient, date]:
    """A client whose file staff approved, its review due in 60 days."""
    slug, client = new_client()
    filled(client)
    assert client.post_json("/api/kyc/submit").status_code == 200
    due = timezone.localdate() + timedelta(days=60)
    answer = admin.post_json(f"/api/admin/kyc/{slug}/approve", {"review_due_on": due.isoformat()})
    assert answer.json()["status"] == "approved", answer.content
    return slug, client, due


def run(slug: str, today: date) -> str:
    with schema_context(slug):
        return kyc.run_periodic_review(today)


def kinds(slug: str, kind: str) -> int:
    return Notification.objects.filter(tenant__slug=slug, kind=kind).count()


def test_reminders_are_sent_once_each_and_the_file_comes_due_once(admin: ApiClient) -> None:
    slug, client, due = approved(admin)
    assert run(slug, due - timedelta(days=31)) == ""
    assert run(slug, due - timedelta(days=30)) == "reminder:30"
    assert run(slug, due - timedelta(days=30)) == ""  # a second run the same day
    assert run(slug, due - timedelta(days=12)) == ""
    assert run(slug, due - timedelta(days=7)) == "reminder:7"
    assert run(slug, due - timedelta(days=3)) == ""
    assert kinds(slug, "kyc.review_reminder") == 2  # the owner, once per reminder
    assert client.get("/api/kyc").json()["status"] == "approved"

    assert run(slug, due) == "review_due"
    assert run(slug, due) == ""  # idempotent: the job again (a retry, the next tick)
    assert run(slug, due + timedelta(days=1)) == ""
    assert kinds(slug, "kyc.review_due") == 1
    staff_told = Notification.objects.filter(tenant__schema_name="public", kind="kyc.review_due_staff")
    assert staff_told.filter(params__client__icontains=slug).count() >= 1
    assert sorted(e.data["days"] for e in trail(slug, "kyc.review_reminder")) == [7, 30]
    assert len(trail("public", "kyc.review_due")) >= 1
    assert len(trail(slug, "kyc.review_due")) == 1

    # The client updates its file and sends it again; staff review it as any submission.
    mine = client.get("/api/kyc").json()
    assert (mine["status"], mine["editable"]) == ("review_due", True)
    assert client.put_json("/api/kyc", {**COMPANY, "trade_name": "Nova Atualizada"}).status_code == 200
    assert client.post_json("/api/kyc/submit").json()["status"] == "pending"
    again = admin.post_json(f"/api/admin/kyc/{slug}/approve", {})
    assert again.json()["status"] == "approved"
    assert KycFile.objects.get(tenant__slug=slug).reminders_sent == 0  # the next cycle reminds again


def test_a_file_first_seen_a_week_before_gets_only_the_last_reminder(admin: ApiClient) -> None:
    slug, _, due = approved(admin)
    assert run(slug, due - timedelta(days=5)) == "reminder:7"
    assert run(slug, due - timedelta(days=4)) == ""
    assert kinds(slug, "kyc.review_reminder") == 1


def test_the_review_due_list_filter_and_files_not_approved_are_left_alone(admin: ApiClient) -> None:
    slug, client = new_client()
    filled(client)
    assert run(slug, timezone.localdate() + timedelta(days=1000)) == ""  # a draft: nothing
    slug2, _, due = approved(admin)
    run(slug2, due)
    listed = admin.get("/api/admin/kyc?status=review_due&per_page=100").json()["items"]
    assert slug2 in [item["client"]["slug"] for item in listed]
    assert slug not in [item["client"]["slug"] for item in listed]


def test_staff_reopen_an_approved_file_with_a_reason(admin: ApiClient) -> None:
    slug, client, _ = approved(admin)
    short = admin.post_json(f"/api/admin/kyc/{slug}/reopen", {"reason": "curto"})
    assert (short.status_code, short.json()["fields"]) == (422, {"reason": "reason_too_short"})
    assert client.get("/api/kyc").json()["status"] == "approved"
    answer = admin.post_json(f"/api/admin/kyc/{slug}/reopen", {"reason": REOPEN})
    assert answer.status_code == 200, answer.content
    assert (answer.json()["status"], answer.json()["reopen_reason"]) == ("review_due", REOPEN)
    again = admin.post_json(f"/api/admin/kyc/{slug}/reopen", {"reason": REOPEN})
    assert (again.status_code, again.json()["code"]) == (409, "kyc_transition_refused")
    told = Notification.objects.get(tenant__slug=slug, kind="kyc.reopened")
    assert told.params["reason"] == REOPEN
    assert [e.data["reason"] for e in trail(slug, "kyc.reopened")] == [REOPEN]
    # A client cannot reopen (staff route), nor reach another client's file.
    assert client.post_json(f"/api/admin/kyc/{slug}/reopen", {"reason": REOPEN}).status_code in (403, 404)
    mine = client.get("/api/kyc").json()
    assert (mine["status"], mine["editable"], mine["reopen_reason"]) == ("review_due", True, REOPEN)
    assert client.post_json("/api/kyc/submit").json()["status"] == "pending"


def test_the_new_notices_read_in_the_readers_language(admin: ApiClient) -> None:
    slug, _, due = approved(admin)
    run(slug, due - timedelta(days=7))
    assert admin.post_json(f"/api/admin/kyc/{slug}/reopen", {"reason": REOPEN}).status_code == 200
    reminder = Notification.objects.get(tenant__slug=slug, kind="kyc.review_reminder")
    pt_title, pt_text = rendered(reminder, "pt-BR")
    en_title, en_text = rendered(reminder, "en")
    assert (pt_title, en_title) == ("Revisão do KYC se aproxima", "KYC review coming up")
    assert due.strftime("%d/%m/%Y") in pt_text
    assert due.strftime("%m/%d/%Y") in en_text
    reopened = Notification.objects.get(tenant__slug=slug, kind="kyc.reopened")
    assert rendered(reopened, "pt-BR")[0] == "Cadastro KYC reaberto"
    assert rendered(reopened, "en")[0] == "KYC file reopened"
