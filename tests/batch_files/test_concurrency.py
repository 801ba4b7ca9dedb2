"""Batch files at the same time, on committed data and separate connections (no test transaction): two
remittances generated at once never carry the same payout, and one return read twice at once moves
the money once."""

from __future__ import annotations

import io
import json
from collections import Counter
from typing import Any

from django_tenants.utils import schema_context

from batch_files.models import BatchItem
from cofre_sandbox_bank.testing import return_for
from gateway.models import PluginConfig, PluginKind
from ledger.services import check_invariants
from payouts.models import Payout
from tenants.models import Tenant
from tests.payouts.helpers import BB_ACCOUNT, balance, committed_client, create_payout, fund, logged
from tests.payouts.test_concurrency import at_once
from tests.support.http import ApiClient

AMOUNT = 1_000


def test_remittances_and_returns_at_once(django_db_setup: None, django_db_blocker: Any) -> None:
    with django_db_blocker.unblock():
        slug, owner = committed_client("batch")
        # The client's bank pays by file, as a bank that takes remittances is set up: its approved payouts
        # wait for the remittance even when the session's real worker (started by an earlier test of this
        # process) is consuming the outbox, which would otherwise send them one by one.
        with schema_context("public"):
            PluginConfig.objects.create(
                tenant=Tenant.objects.get(slug=slug), kind=PluginKind.PROVIDER, code="sandbox_bank",
                config={"payout_channel": "file"},
            )  # fmt: skip
        admin = logged("public", "admin")
        rule = {"currency": "BRL", "auto_approve_up_to": 1_000_000}
        response = admin.generic(
            "PUT", f"/api/admin/compliance-rules/{slug}", json.dumps(rule), content_type="application/json"
        )
        assert response.status_code == 200, response.content
        fund(slug, 100_000)
        account = owner.post_json("/api/bank-accounts", BB_ACCOUNT).json()["id"]
        made = []
        for _ in range(4):
            created = create_payout(owner, {"amount": AMOUNT, "method": "pix", "bank_account_id": account})
            assert created.json()["status"] == "approved", created.content
            made.append(created.json()["id"])

        def generate(client: ApiClient) -> Any:
            return client.post_json(
                "/api/batch-files/remittances", {"provider": "sandbox_bank", "client": slug}
            )

        answers = at_once(2, generate, admin)
        assert sorted(a.status_code for a in answers) == [201, 409]
        batch = next(a.json() for a in answers if a.status_code == 201)
        assert sorted(i["payout_id"] for i in batch["items"]) == sorted(made)
        assert BatchItem.objects.filter(payout_public_id__in=made).count() == 4

        content = bytes(admin.get(batch["download_url"]).getvalue())
        refused = batch["items"][0]["reference"]
        returned = return_for(content, rejected={refused: "AG"})
        before = balance(slug)

        def read(client: ApiClient) -> Any:
            handle = io.BytesIO(returned)
            handle.name = "retorno.ret"
            return client.post("/api/batch-files/returns", {"file": handle, "provider": "sandbox_bank"})

        answers = at_once(2, read, admin)
        assert [a.status_code for a in answers] == [201, 201], [a.content for a in answers]
        outcomes = Counter(r["outcome"] for a in answers for r in a.json()["results"])
        assert outcomes == {"confirmed": 3, "rejected": 1, "already_applied": 4}
        with schema_context(slug):
            statuses = Counter(Payout.objects.filter(public_id__in=made).values_list("status", flat=True))
        assert statuses == {"confirmed": 3, "canceled": 1}
        after = balance(slug)
        fee = (before["held"] - after["held"]) // 4 - AMOUNT  # the four holds went, fees included
        assert after["available"] == before["available"] + AMOUNT + fee  # one released, once
        with schema_context("public"):
            assert check_invariants().ok
