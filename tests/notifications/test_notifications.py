"""Notifications: kinds rendered in the reader's language, who is notified, the bell's API."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django_tenants.utils import schema_context

from accounts.models import Membership
from compliance.models import ComplianceRule
from notifications import services
from notifications.kinds import format_money, placeholders, register_kind, registered_kinds
from notifications.models import Notification
from ops.demo import demo_email
from tenants.models import Tenant
from tests.payouts.helpers import BB_ACCOUNT, create_payout, fund, logged
from tests.support.http import ApiClient

FRONTEND_I18N = Path(__file__).resolve().parents[2] / "frontend" / "src" / "i18n"

pytestmark = pytest.mark.django_db

KIND = "test.something_happened"


@pytest.fixture(autouse=True)
def _kind() -> None:
    register_kind(
        KIND,
        title={"pt-BR": "Algo aconteceu em {client}", "en": "Something happened at {client}"},
        content={"pt-BR": "Valor: {amount}", "en": "Amount: {amount}"},
    )


def member(slug: str, role: str) -> Membership:
    return Membership.objects.select_related("user", "tenant").get(
        tenant__slug=slug, user__email=demo_email(role)
    )


def test_a_kind_is_rendered_in_the_readers_language_with_money_formatted_for_it() -> None:
    params: dict[str, Any] = {"client": "Acme", "amount": format_money(123456, "BRL")}
    notification = services.notify(member("acme", "client"), kind=KIND, params=params)
    assert services.rendered(notification, "pt-BR") == ("Algo aconteceu em Acme", "Valor: R$ 1.234,56")
    assert services.rendered(notification, "en") == ("Something happened at Acme", "Amount: R$1,234.56")
    dollars = format_money(-5, "USD")
    assert (dollars["pt-BR"], dollars["en"]) == ("-US$ 0,05", "-$0.05")


def test_kinds_need_every_language_with_the_same_placeholders() -> None:
    with pytest.raises(ValueError, match="needs texts"):
        register_kind("test.one_language", title={"en": "x"}, content={"en": "y"})
    with pytest.raises(ValueError, match="placeholders"):
        register_kind(
            "test.placeholders", title={"pt-BR": "{a}", "en": "{b}"}, content={"pt-BR": "", "en": ""}
        )
    with pytest.raises(ValueError, match="unknown notification kind"):
        services.notify(member("acme", "client"), kind="test.never_registered")


def test_every_registered_kind_renders_in_both_languages() -> None:
    for kind in registered_kinds():
        texts = [*kind.title.values(), *kind.content.values()]
        params = {name: "x" for text in texts for name in placeholders(text)}
        for language in ("pt-BR", "en"):
            title, _ = kind.render(language, params)
            assert title


def test_notify_members_reaches_the_active_members_with_those_roles_only() -> None:
    acme = Tenant.objects.get(slug="acme")
    inactive = member("acme", "client_user_financial")
    inactive.is_active = False
    inactive.save()
    roles = ["client", "client_user_admin", "client_user_financial"]
    made = services.notify_members(acme, kind=KIND, params={"client": "Acme", "amount": "1"}, roles=roles)
    assert {(n.user.email, n.tenant.slug) for n in made} == {
        (demo_email("client"), "acme"),
        (demo_email("client_user_admin"), "acme"),
    }


def test_the_bell_lists_in_the_request_language_marks_one_and_all_read() -> None:
    mine = member("acme", "client")
    services.notify(mine, kind=KIND, params={"client": "Acme", "amount": "1"}, link="clients/payments")
    services.notify(mine, "A ready-made text")
    client = ApiClient("acme", language="pt-BR")
    client.login_as("client")
    listed = client.get("/api/notifications").json()
    assert listed["unread"] >= 2
    ours = next(n for n in listed["items"] if n["kind"] == KIND)
    assert (ours["title"], ours["link"]) == ("Algo aconteceu em Acme", "clients/payments")
    english = ApiClient("acme", language="en")
    english.login_as("client")
    again = english.get("/api/notifications").json()
    assert next(n for n in again["items"] if n["kind"] == KIND)["title"] == "Something happened at Acme"

    assert client.post(f"/api/notifications/{ours['id']}/read").json()["read"] is True
    marked = client.post("/api/notifications/read-all").json()["marked"]
    assert marked == listed["unread"] - 1
    assert client.get("/api/notifications").json()["unread"] == 0


def test_read_all_touches_only_the_callers_own_notifications() -> None:
    services.notify(member("acme", "client_user_admin"), kind=KIND, params={"client": "A", "amount": "1"})
    client = ApiClient("acme")
    client.login_as("client")
    client.post("/api/notifications/read-all")
    assert Notification.objects.filter(
        user__email=demo_email("client_user_admin"), tenant__slug="acme", read_at__isnull=True
    ).exists()


def test_a_payout_waiting_for_review_notifies_the_admins_not_the_employees() -> None:
    ComplianceRule.objects.filter(tenant__slug="acme").delete()  # every payout waits for review
    fund("acme", 100_000)
    acme = logged("acme", "client")
    account = acme.post_json("/api/bank-accounts", BB_ACCOUNT).json()["id"]
    response = create_payout(acme, {"amount": 12_345, "currency": "BRL", "method": "pix",
                                    "bank_account_id": account})  # fmt: skip
    assert response.status_code == 201, response.content
    with schema_context("public"):
        notes = Notification.objects.filter(kind="payout.review_waiting").select_related("user", "tenant")
        assert {(n.user.email, n.tenant.slug) for n in notes} == {(demo_email("admin"), "platform")}
        (note,) = notes
        assert note.link == "admin/compliance"
        assert services.rendered(note, "pt-BR")[1].startswith("Acme")
        assert "R$ 123,45" in services.rendered(note, "pt-BR")[1]
        # It names the screen as the reader's menu does (group > entry), in each language.
        for language in ("pt-BR", "en"):
            menu = json.loads((FRONTEND_I18N / f"{language}.json").read_text(encoding="utf-8"))
            where = f"{menu['menu.group.admin_kyc']} > {menu['menu.route.admin.compliance']}."
            assert services.rendered(note, language)[1].endswith(where), (language, where)


def test_an_auto_approved_payout_notifies_nobody() -> None:
    ComplianceRule.objects.update_or_create(
        tenant=Tenant.objects.get(slug="acme"), currency="BRL", defaults={"auto_approve_up_to": 1_000_000}
    )
    fund("acme", 100_000)
    acme = logged("acme", "client")
    account = acme.post_json("/api/bank-accounts", BB_ACCOUNT).json()["id"]
    response = create_payout(acme, {"amount": 1_000, "currency": "BRL", "method": "pix",
                                    "bank_account_id": account})  # fmt: skip
    assert response.status_code == 201, response.content
    assert not Notification.objects.filter(kind="payout.review_waiting").exists()
