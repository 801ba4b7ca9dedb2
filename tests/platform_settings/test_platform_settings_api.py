"""Platform settings through the API (admin/config): read, change (audited with before and after),
who may, bad input; and the limits enforced where payouts are checked (POST /api/payouts)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest
from django.utils import timezone
from django_tenants.utils import schema_context

from audit.models import AuditEntry
from compliance.models import ComplianceRule
from payouts.models import Payout
from tests.payouts.helpers import BB_ACCOUNT, balance, create_payout, fund, logged
from tests.support.http import ApiClient

pytestmark = pytest.mark.django_db

URL = "/api/admin/platform-settings"
DEFAULTS: dict[str, Any] = {
    "max_payout_amount": None,
    "max_daily_payouts_per_client": None,
    "night_pix_person_limit": None,
    "night_starts_at": "20:00",
    "night_ends_at": "06:00",
    "ted_opens_at": None,
    "ted_cutoff_at": None,
    "maintenance_banner": "",
}


@pytest.fixture
def admin() -> ApiClient:
    return logged("public", "admin")


@pytest.fixture
def acme() -> ApiClient:
    ComplianceRule.objects.filter(tenant__slug="acme").delete()
    return logged("acme", "client")


@pytest.fixture
def account(acme: ApiClient) -> str:
    response = acme.post_json("/api/bank-accounts", BB_ACCOUNT)
    assert response.status_code == 201, response.content
    return str(response.json()["id"])


def put(admin: ApiClient, **changes: Any) -> Any:
    return admin.put_json(URL, {**DEFAULTS, **changes})


def hhmm(moment: datetime) -> str:
    return timezone.localtime(moment).strftime("%H:%M")


def window_around_now() -> tuple[str, str]:
    now = timezone.now()
    return hhmm(now - timedelta(hours=1)), hhmm(now + timedelta(hours=1))


def window_away_from_now() -> tuple[str, str]:
    now = timezone.now()
    return hhmm(now + timedelta(hours=2)), hhmm(now + timedelta(hours=3))


def payout_body(account: str, **overrides: Any) -> dict[str, Any]:
    return {"amount": 10_000, "currency": "BRL", "method": "pix", "bank_account_id": account, **overrides}


# ------------------------------------------------------------------------------- read and change
def test_the_defaults_are_no_limits_and_no_banner(admin: ApiClient) -> None:
    response = admin.get(URL)
    assert response.status_code == 200, response.content
    body = response.json()
    assert {key: body[key] for key in DEFAULTS} == DEFAULTS
    assert body["currency"] == "BRL"


def test_a_change_is_stored_and_audited_with_before_and_after(admin: ApiClient) -> None:
    response = put(admin, max_payout_amount=500_000, ted_opens_at="06:30", ted_cutoff_at="17:00")
    assert response.status_code == 200, response.content
    assert admin.get(URL).json()["max_payout_amount"] == 500_000
    response = put(admin, max_payout_amount=250_000, ted_opens_at="06:30", ted_cutoff_at="17:00")
    assert response.status_code == 200, response.content
    with schema_context("public"):
        entries = list(AuditEntry.objects.filter(action="platform_settings.changed").order_by("id"))
    assert [entry.actor_email for entry in entries] == ["admin@demo.test"] * 2
    assert entries[0].data == {
        "before": {"max_payout_amount": None, "ted_opens_at": None, "ted_cutoff_at": None},
        "after": {"max_payout_amount": 500_000, "ted_opens_at": "06:30", "ted_cutoff_at": "17:00"},
    }
    assert entries[1].data == {
        "before": {"max_payout_amount": 500_000},
        "after": {"max_payout_amount": 250_000},
    }
    assert entries[1].ip == "127.0.0.1"
    # The admin reads it on the platform's trail
    trail = admin.get("/api/audit-events", {"action": "platform_settings"}).json()["items"]
    assert trail[0]["data"]["after"] == {"max_payout_amount": 250_000}
    # Saving the same settings again changes nothing and records nothing
    assert (
        put(admin, max_payout_amount=250_000, ted_opens_at="06:30", ted_cutoff_at="17:00").status_code == 200
    )
    with schema_context("public"):
        assert AuditEntry.objects.filter(action="platform_settings.changed").count() == 2


def test_every_member_reads_the_maintenance_banner_while_it_is_set(admin: ApiClient) -> None:
    acme = logged("acme", "client_user")
    assert acme.get("/api/platform-status").json() == {"maintenance_banner": ""}
    assert put(admin, maintenance_banner="  Manutenção às 23h  ").status_code == 200
    assert acme.get("/api/platform-status").json() == {"maintenance_banner": "Manutenção às 23h"}
    assert (
        logged("orbita", "partner").get("/api/platform-status").json()["maintenance_banner"]
        == "Manutenção às 23h"
    )
    assert put(admin, maintenance_banner="").status_code == 200
    assert acme.get("/api/platform-status").json() == {"maintenance_banner": ""}
    assert ApiClient("acme").get("/api/platform-status").status_code == 401


@pytest.mark.parametrize(
    ("slug", "role", "status"),
    [("acme", "client", 403), ("acme", "client_user_admin", 403), ("public", "employee", 403),
     ("public", "financial", 403), ("orbita", "partner", 403)],
)  # fmt: skip
def test_only_admins_read_or_change_the_settings(slug: str, role: str, status: int) -> None:
    client = logged(slug, role)
    assert client.get(URL).status_code == status
    assert client.put_json(URL, {**DEFAULTS, "max_payout_amount": 1}).status_code == status
    with schema_context("public"):
        assert not AuditEntry.objects.filter(action="platform_settings.changed").exists()


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"max_payout_amount": -1}, "max_payout_amount"),
        ({"max_payout_amount": 0}, "max_payout_amount"),
        ({"max_payout_amount": "1000"}, "max_payout_amount"),
        ({"max_payout_amount": 10.5}, "max_payout_amount"),
        ({"max_payout_amount": 10**12}, "max_payout_amount"),
        ({"max_daily_payouts_per_client": True}, "max_daily_payouts_per_client"),
        ({"night_pix_person_limit": -5}, "night_pix_person_limit"),
        ({"night_starts_at": "25:00"}, "night_starts_at"),
        ({"night_starts_at": "20:00:30"}, "night_starts_at"),
        ({"night_starts_at": "20:00+03:00"}, "night_starts_at"),
        ({"ted_opens_at": "6:30", "ted_cutoff_at": "17:00"}, "ted_opens_at"),
        ({"night_starts_at": "22:00", "night_ends_at": "22:00"}, "night_ends_at"),
        ({"ted_opens_at": "17:00", "ted_cutoff_at": "06:30"}, "ted_cutoff_at"),
        ({"ted_opens_at": "06:30"}, "ted_cutoff_at"),
        ({"maintenance_banner": "x" * 501}, "maintenance_banner"),
    ],
)
def test_bad_settings_are_refused_on_their_field_and_nothing_is_written(
    admin: ApiClient, changes: dict[str, Any], field: str
) -> None:
    admin_pt = logged("public", "admin", language="pt-BR")
    response = put(admin_pt, **changes)
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["code"] == "invalid_input"
    assert field in body["fields"], body
    assert admin.get(URL).json()["max_payout_amount"] is None
    with schema_context("public"):
        assert not AuditEntry.objects.filter(action="platform_settings.changed").exists()


def test_a_missing_field_is_refused(admin: ApiClient) -> None:
    response = admin.put_json(URL, {"max_payout_amount": 100})
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_input"


# ------------------------------------------------------------------------- limits on payouts
def test_a_payout_over_the_limit_is_refused_in_the_users_language(
    admin: ApiClient, acme: ApiClient, account: str
) -> None:
    fund("acme", 100_000)
    before = balance("acme")
    assert put(admin, max_payout_amount=5_000).status_code == 200
    response = create_payout(acme, payout_body(account, amount=5_001))
    assert response.status_code == 422, response.content
    body = response.json()
    assert (body["code"], body["fields"]) == ("limit_exceeded", {"amount": "limit_exceeded"})
    assert "R$50.00" in body["message"]
    pt = logged("acme", "client", language="pt-BR")
    refused = create_payout(pt, payout_body(account, amount=5_001)).json()
    assert refused["message"] == "O valor passa do limite por saque da plataforma (R$ 50,00)."
    assert balance("acme") == before  # nothing held
    with schema_context("acme"):
        assert not Payout.objects.filter(amount=5_001).exists()
    assert create_payout(acme, payout_body(account, amount=5_000)).status_code == 201


def test_the_daily_limit_counts_the_days_payouts_but_not_the_rejected(
    admin: ApiClient, acme: ApiClient, account: str
) -> None:
    fund("acme", 100_000)
    assert put(admin, max_daily_payouts_per_client=25_000).status_code == 200
    first = create_payout(acme, payout_body(account, amount=10_000))
    assert first.status_code == 201, first.content
    assert create_payout(acme, payout_body(account, amount=10_000)).status_code == 201
    refused = create_payout(acme, payout_body(account, amount=10_000))
    assert refused.status_code == 422
    assert refused.json()["code"] == "daily_limit_exceeded"
    assert "R$50.00" in refused.json()["message"]  # what is left today
    # A canceled payout gives its room back
    assert acme.post_json(f"/api/payouts/{first.json()['id']}/cancel", {}).status_code == 200
    assert create_payout(acme, payout_body(account, amount=10_000)).status_code == 201


def test_a_pix_to_a_person_at_night_is_limited_inside_the_window_only(
    admin: ApiClient, acme: ApiClient, account: str
) -> None:
    fund("acme", 100_000)
    starts, ends = window_around_now()
    assert (
        put(admin, night_pix_person_limit=5_000, night_starts_at=starts, night_ends_at=ends).status_code
        == 200
    )
    refused = create_payout(acme, payout_body(account, amount=5_001))
    assert refused.status_code == 422, refused.content
    assert refused.json()["code"] == "night_pix_limit_exceeded"
    assert starts in refused.json()["message"]
    assert create_payout(acme, payout_body(account, amount=5_000)).status_code == 201
    starts, ends = window_away_from_now()
    assert (
        put(admin, night_pix_person_limit=5_000, night_starts_at=starts, night_ends_at=ends).status_code
        == 200
    )
    assert create_payout(acme, payout_body(account, amount=5_001)).status_code == 201


def test_a_ted_outside_its_hours_is_refused(admin: ApiClient, acme: ApiClient, account: str) -> None:
    fund("acme", 100_000)
    opens, cutoff = window_away_from_now()
    if opens > cutoff:  # the window would cross midnight: TED hours cannot
        opens, cutoff = "00:00", "00:01"
    assert put(admin, ted_opens_at=opens, ted_cutoff_at=cutoff).status_code == 200
    refused = create_payout(acme, payout_body(account, method="ted"))
    assert refused.status_code == 422, refused.content
    assert (refused.json()["code"], refused.json()["fields"]) == (
        "ted_outside_hours",
        {"method": "ted_outside_hours"},
    )
    assert create_payout(acme, payout_body(account, method="pix")).status_code == 201  # PIX any time
    assert put(admin, ted_opens_at="00:00", ted_cutoff_at="23:59").status_code == 200
    if timezone.localtime().strftime("%H:%M") < "23:59":
        assert create_payout(acme, payout_body(account, method="ted")).status_code == 201


@pytest.mark.parametrize(
    "changes",
    [
        {"night_starts_at": "20:00:00+03:00"},
        {"ted_opens_at": "06:30\u0000", "ted_cutoff_at": "17:00"},
        {"maintenance_banner": "a\u0000b"},
    ],
)
def test_odd_values_never_answer_500(admin: ApiClient, changes: dict[str, Any]) -> None:
    response = put(admin, **changes)
    assert response.status_code in {200, 400}, response.content
    if response.status_code == 200:
        body = admin.get(URL).json()
        assert body["night_starts_at"] in {"20:00"}  # stored to the minute, no offset
