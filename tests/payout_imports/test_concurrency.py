"""Confirm sent at once from several connections (committed data, no test transaction): one set of
payouts, each row paid once; the same file uploaded at once: one import."""

from __future__ import annotations

from typing import Any

from django_tenants.utils import schema_context

from ledger.services import check_invariants
from ops.demo import DEMO_PASSWORD
from payout_imports.models import PayoutImport
from payouts.models import Payout
from tenants.models import Tenant
from tests.payout_imports.helpers import PIX, TED, csv_bytes, unique, upload
from tests.payouts.helpers import balance, committed_client, fund
from tests.payouts.test_concurrency import at_once
from tests.support.http import ApiClient


def client_with_manual_withdraws(prefix: str) -> tuple[str, ApiClient]:
    slug, _ = committed_client(prefix)
    with schema_context("public"):
        Tenant.objects.filter(slug=slug).update(feature_toggles=["manual_withdraws"])
    owner = ApiClient(slug)

    response = owner.post_json("/api/auth/login", {"email": f"owner@{slug}.test", "password": DEMO_PASSWORD})
    assert response.status_code == 200, response.content
    return slug, owner


def test_confirm_sent_at_once_makes_one_set_of_payouts(django_db_setup: None, django_db_blocker: Any) -> None:
    with django_db_blocker.unblock():
        slug, owner = client_with_manual_withdraws("impc")
        fund(slug, 1_000_000)
        rows = [unique(PIX), unique(TED), unique(PIX)]
        rows[2][3] = "99,99"
        preview = upload(owner, csv_bytes(rows))
        assert preview.status_code == 201, preview.content
        import_id = preview.json()["id"]

        def confirm(client: ApiClient) -> int:
            return int(client.post(f"/api/payout-imports/{import_id}/confirm").status_code)

        assert at_once(6, confirm, owner) == [200] * 6
        final = owner.get(f"/api/payout-imports/{import_id}").json()
        assert final["status"] == "confirmed"
        assert [r["outcome"] for r in final["rows"]] == ["confirmed"] * 3
        with schema_context(slug):
            payouts = list(Payout.objects.filter(description__startswith=import_id))
        assert len(payouts) == 3
        assert balance(slug)["held"] == sum(p.amount + p.fee for p in payouts)
        with schema_context("public"):
            assert check_invariants().ok
            Tenant.objects.filter(slug=slug).update(status="suspended")  # out of the periodic jobs


def test_the_same_file_uploaded_at_once_makes_one_import(
    django_db_setup: None, django_db_blocker: Any
) -> None:
    with django_db_blocker.unblock():
        slug, owner = client_with_manual_withdraws("impd")
        content = csv_bytes([unique(PIX)])
        results = at_once(4, lambda client: upload(client, content).status_code, owner)
        assert sorted(results) == [201, 409, 409, 409]
        with schema_context(slug):
            assert PayoutImport.objects.count() == 1
        with schema_context("public"):
            Tenant.objects.filter(slug=slug).update(status="suspended")
