"""A large import is confirmed by a real dramatiq worker (committed data): the request answers at once
with the import confirming, the worker turns the rows into payouts and the import ends confirmed."""

from __future__ import annotations

from typing import Any

import pytest
from django_tenants.utils import schema_context

from ledger.services import check_invariants
from payout_imports import services
from payouts.models import Payout
from tenants.models import Tenant
from tests.payout_imports.helpers import PIX, TED, csv_bytes, unique, upload
from tests.payout_imports.test_concurrency import client_with_manual_withdraws
from tests.payouts.helpers import balance, fund
from tests.payouts.test_worker import wait_until

pytestmark = [pytest.mark.worker]


def test_a_large_import_is_confirmed_by_the_worker(
    worker: None, django_db_blocker: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(services, "INLINE_ROWS", 2)  # "large": more rows than the request takes
    with django_db_blocker.unblock():
        slug, owner = client_with_manual_withdraws("impw")
        fund(slug, 1_000_000)
        import_id = upload(owner, csv_bytes([unique(PIX), unique(TED), unique(PIX)])).json()["id"]
        answer = owner.post(f"/api/payout-imports/{import_id}/confirm")
        assert answer.status_code == 200, answer.content
        assert answer.json()["status"] in {"confirming", "confirmed"}

        def done() -> bool:
            return bool(owner.get(f"/api/payout-imports/{import_id}").json()["status"] == "confirmed")

        assert wait_until(done, timeout=60, interval=0.3)
        final = owner.get(f"/api/payout-imports/{import_id}").json()
        assert [r["outcome"] for r in final["rows"]] == ["confirmed"] * 3
        assert final["totals"]["processed"] == 3
        with schema_context(slug):
            payouts = list(Payout.objects.filter(description__startswith=import_id))
        assert len(payouts) == 3
        assert balance(slug)["held"] == sum(p.amount + p.fee for p in payouts)
        with schema_context("public"):
            assert check_invariants().ok
            Tenant.objects.filter(slug=slug).update(status="suspended")
