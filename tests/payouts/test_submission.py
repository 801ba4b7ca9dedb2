"""Submission to the sandbox bank and its webhooks: confirmed, failed, reversed, duplicated and out
of order, a provider timeout then success, a refusal, a webhook ahead of the submission's answer,
and the periodic jobs (resubmit stuck approved payouts, sync pending ones)."""

from __future__ import annotations

import json
import uuid
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from django_tenants.utils import schema_context

from cofre_sandbox_bank.delivery import apply_state
from cofre_sandbox_bank.models import SandboxPayout, SandboxWebhookDelivery
from payouts import services
from payouts.models import Payout
from plugin_api import ProviderEvent
from tests.payouts.helpers import (
    BB_ACCOUNT,
    balance,
    clearing_balance,
    create_payout,
    fund,
    logged,
    post_webhooks,
)
from tests.support.http import ApiClient

pytestmark = pytest.mark.django_db

FEE = 150  # acme's demo fee per PIX payout (R$ 1,50): held with the amount, revenue when confirmed


@pytest.fixture
def acme() -> ApiClient:
    client = logged("acme", "client")
    admin = logged("public", "admin")
    response = admin.generic("PUT", "/api/admin/compliance-rules/acme",
                             json.dumps({"currency": "BRL", "auto_approve_up_to": 1_000_000}),
                             content_type="application/json")  # fmt: skip
    assert response.status_code == 200
    fund("acme", 200_000)
    return client


def approved_payout(client: ApiClient, scenario: str = "confirm", amount: int = 10_000, **extra: Any) -> str:
    account = client.post_json("/api/bank-accounts", BB_ACCOUNT).json()["id"]
    body = {"amount": amount, "method": extra.pop("method", "pix"), "bank_account_id": account}
    response = create_payout(client, {**body, "extra": {"sandbox_scenario": scenario}, **extra})
    assert response.status_code == 201, response.content
    assert response.json()["status"] == "approved"
    return str(response.json()["id"])


def submit(public_id: str) -> str:
    with schema_context("acme"):
        return services.submit_payout(Payout.objects.get(public_id=public_id).pk)


def status(client: ApiClient, public_id: str) -> dict[str, Any]:
    return dict(client.get(f"/api/payouts/{public_id}").json())


def test_submitted_then_confirmed_by_webhook_moves_held_to_the_bank(acme: ApiClient) -> None:
    before, bank_before = balance("acme"), clearing_balance()
    payout = approved_payout(acme)
    assert submit(payout) == "applied"
    pending = status(acme, payout)
    assert pending["status"] == "pending"
    assert pending["transaction_id"].startswith("sbx_po_")
    assert pending["submission_attempts"] == 1
    sandbox = SandboxPayout.objects.get(reference=payout)
    assert (sandbox.idempotency_key, sandbox.amount) == (payout, 10_000)
    assert post_webhooks(payout) == ["applied"]
    after = balance("acme")
    assert before["available"] - after["available"] == 10_000 + FEE
    assert after["held"] == before["held"]
    assert bank_before - clearing_balance() == 10_000  # the bank holds 10_000 less for us
    detail = status(acme, payout)
    assert detail["status"] == "confirmed"
    assert [e["to_status"] for e in detail["events"]] == ["waiting", "approved", "pending", "confirmed"]
    assert [(p["entry"], p["kind"], p["amount"]) for p in detail["postings"]][-3:] == [
        ("payout_confirmed", "held", 10_000 + FEE),
        ("payout_confirmed", "provider_clearing", -10_000),
        ("payout_confirmed", "fee_revenue", -FEE),
    ]


def test_a_failed_payout_is_canceled_and_its_funds_released(acme: ApiClient) -> None:
    before = balance("acme")
    payout = approved_payout(acme, "fail")
    submit(payout)
    assert post_webhooks(payout) == ["applied"]
    detail = status(acme, payout)
    assert detail["status"] == "canceled"
    assert detail["events"][-1]["note"] == "rejected_by_beneficiary_bank"
    assert balance("acme") == before


def test_a_reversed_payout_restores_the_amount_and_the_fee_is_kept(acme: ApiClient) -> None:
    before, bank_before = balance("acme"), clearing_balance()
    payout = approved_payout(acme, "reverse")
    submit(payout)
    assert post_webhooks(payout) == ["applied", "applied"]
    assert status(acme, payout)["status"] == "reversed"
    assert balance("acme") == {**before, "available": before["available"] - FEE}
    assert clearing_balance() == bank_before


def test_a_duplicated_webhook_has_one_effect(acme: ApiClient) -> None:
    before = balance("acme")
    payout = approved_payout(acme, "duplicate")
    submit(payout)
    assert post_webhooks(payout) == ["applied", "duplicate"]
    assert before["available"] - balance("acme")["available"] == 10_000 + FEE


def test_a_stale_event_never_moves_a_payout_backwards(acme: ApiClient) -> None:
    payout = approved_payout(acme, "out_of_order")
    submit(payout)
    assert post_webhooks(payout) == ["applied", "ignored_stale"]
    detail = status(acme, payout)
    assert detail["status"] == "confirmed"
    assert detail["events"][-1]["note"] == "ignored: processing after confirmed"


def test_a_provider_timeout_then_success_makes_one_payout_at_the_bank(acme: ApiClient) -> None:
    payout = approved_payout(acme, "timeout")
    with pytest.raises(TimeoutError):
        submit(payout)
    first = status(acme, payout)
    assert (first["status"], first["submission_attempts"]) == ("approved", 1)
    assert submit(payout) == "applied"  # the retry: same idempotency key, the bank answers the same one
    second = status(acme, payout)
    assert (second["status"], second["submission_attempts"]) == ("pending", 2)
    assert SandboxPayout.objects.filter(reference=payout).count() == 1
    assert post_webhooks(payout) == ["applied"]
    assert status(acme, payout)["status"] == "confirmed"


def test_the_banks_webhook_ahead_of_its_answer_is_applied_and_the_retry_does_nothing(acme: ApiClient) -> None:
    before = balance("acme")
    payout = approved_payout(acme, "timeout")
    with pytest.raises(TimeoutError):
        submit(payout)
    assert post_webhooks(payout) == ["applied"]  # approved -> pending -> confirmed (implied)
    detail = status(acme, payout)
    assert [e["to_status"] for e in detail["events"]] == ["waiting", "approved", "pending", "confirmed"]
    assert detail["transaction_id"].startswith("sbx_po_")
    assert submit(payout) == "skipped"
    assert before["available"] - balance("acme")["available"] == 10_000 + FEE


def test_a_reversal_reported_before_the_confirmation_implies_it(acme: ApiClient) -> None:
    before = balance("acme")
    payout = approved_payout(acme, "never")
    submit(payout)
    with schema_context("acme"):
        row = Payout.objects.get(public_id=payout)
    event = ProviderEvent(event_id=f"evt_{uuid.uuid4().hex}", kind="payout", reference=payout,
                          provider_reference=row.provider_reference, state="reversed",
                          occurred_at=timezone.now(), reason="returned")  # fmt: skip
    from gateway.webhooks import apply_provider_event

    assert apply_provider_event("sandbox_bank", event) == "applied"
    assert apply_provider_event("sandbox_bank", event) == "duplicate"
    assert [e["to_status"] for e in status(acme, payout)["events"]][-2:] == ["confirmed", "reversed"]
    assert balance("acme") == {**before, "available": before["available"] - FEE}


def test_a_payout_the_bank_refuses_is_canceled_with_funds_released(acme: ApiClient) -> None:
    before = balance("acme")
    payout = approved_payout(acme, "no_such_scenario")
    assert submit(payout) == "applied"
    detail = status(acme, payout)
    assert detail["status"] == "canceled"
    assert detail["events"][-1]["note"] == "invalid_scenario"
    assert balance("acme") == before


def test_a_payout_not_approved_is_never_submitted(acme: ApiClient) -> None:
    fund("acme", 2_000_000)
    account = acme.post_json("/api/bank-accounts", BB_ACCOUNT).json()["id"]
    waiting = create_payout(acme, {"amount": 2_000_000, "method": "pix", "bank_account_id": account}).json()
    assert waiting["status"] == "waiting"
    assert submit(waiting["id"]) == "skipped"
    assert not SandboxPayout.objects.filter(reference=waiting["id"]).exists()


def test_approval_enqueues_the_submission_on_commit(
    acme: ApiClient, django_capture_on_commit_callbacks: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from payouts import tasks

    sent: list[tuple[Any, ...]] = []
    monkeypatch.setattr(tasks.submit_payout, "send_with_options", lambda **kw: sent.append(kw["args"]))
    with django_capture_on_commit_callbacks(execute=True):
        payout = approved_payout(acme)
    with schema_context("acme"):
        assert sent == [(Payout.objects.get(public_id=payout).pk,)]


def test_stuck_approved_payouts_are_resubmitted(
    acme: ApiClient, django_capture_on_commit_callbacks: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from payouts import tasks

    payout = approved_payout(acme)
    sent: list[tuple[Any, ...]] = []
    monkeypatch.setattr(tasks.submit_payout, "send_with_options", lambda **kw: sent.append(kw["args"]))
    with schema_context("acme"):
        pk = Payout.objects.get(public_id=payout).pk
        with django_capture_on_commit_callbacks(execute=True):
            services.resubmit_stuck(older_than_seconds=60)
        assert (pk,) not in sent  # approved a moment ago: its own message is still on its way
        with django_capture_on_commit_callbacks(execute=True):
            services.resubmit_stuck(older_than_seconds=60, now=timezone.now() + timedelta(seconds=61))
        assert (pk,) in sent


def test_pending_payouts_are_synced_with_the_bank(acme: ApiClient) -> None:
    payout = approved_payout(acme)
    submit(payout)
    for delivery in SandboxWebhookDelivery.objects.filter(reference=payout):
        apply_state(delivery)  # the bank paid it, but its webhook never arrives
    with schema_context("acme"):
        assert services.sync_pending(older_than_seconds=600) == 0
        assert services.sync_pending(older_than_seconds=0, now=timezone.now() + timedelta(seconds=1)) == 1
    assert status(acme, payout)["status"] == "confirmed"
