"""Refunds made by the provider (the sandbox bank): pending with the money held, submitted, confirmed
or failed by the bank's answer or webhook (once per event, stale events ignored), a timeout then the
retry, the deposit refunded only when its confirmed refunds add up to what was paid, the periodic
jobs, and a provider that does not refund."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from django_tenants.utils import schema_context

from cofre_sandbox_bank.delivery import apply_state
from cofre_sandbox_bank.models import SandboxRefund, SandboxWebhookDelivery
from cofre_sandbox_bank.provider import SandboxBank
from gateway.models import TransactionIndex
from ledger.models import JournalEntry
from payments.models import Deposit, DepositEvent
from refunds import services as refunds
from refunds.models import Refund
from tests.payouts.helpers import balance, clearing_balance, fund, logged, post_webhooks
from tests.payouts.test_refunds import deposit, paid_deposit, refund, settle
from tests.support.http import ApiClient

pytestmark = pytest.mark.django_db


@pytest.fixture
def acme() -> ApiClient:
    return logged("acme", "client")


def requested(client: ApiClient, deposit_id: str, amount: int, scenario: str = "confirm") -> str:
    response = client.post_json(
        f"/api/deposits/{deposit_id}/refunds",
        {"amount": amount, "reason": "Cliente desistiu", "extra": {"sandbox_scenario": scenario}},
    )
    assert response.status_code == 201, response.content
    assert response.json()["status"] == "pending"
    return str(response.json()["id"])


def submit(refund_id: str) -> str:
    with schema_context("acme"):
        return refunds.submit_refund(Refund.objects.get(public_id=refund_id).pk)


def detail(client: ApiClient, refund_id: str) -> dict[str, Any]:
    return dict(client.get(f"/api/refunds/{refund_id}").json())


def entries(refund_id: str) -> list[str]:
    return list(JournalEntry.objects.filter(reference=refund_id).values_list("kind", flat=True))


def test_a_refund_is_pending_with_its_money_held_then_confirmed_by_the_banks_webhook(acme: ApiClient) -> None:
    deposit_id = paid_deposit(acme)  # 10_000, fee 99: net 9_901 in pending
    before, bank_before = balance("acme"), clearing_balance()
    refund_id = requested(acme, deposit_id, 2_500)
    held = balance("acme")
    assert (before["pending"] - held["pending"], held["held"] - before["held"]) == (2_500, 2_500)
    assert clearing_balance() == bank_before  # nothing left the bank yet
    assert entries(refund_id) == ["refund_reserved"]
    assert TransactionIndex.objects.get(public_id=refund_id).status == "pending"

    assert submit(refund_id) == "recorded"  # the bank accepted it: pending, with its reference
    pending = detail(acme, refund_id)
    assert (pending["status"], pending["transaction_id"][:7]) == ("pending", "sbx_rf_")
    sandbox = SandboxRefund.objects.get(reference=refund_id)
    assert (sandbox.idempotency_key, sandbox.amount, sandbox.charge.reference) == (
        refund_id,
        2_500,
        deposit_id,
    )
    assert submit(refund_id) == "skipped"  # already at the bank

    assert post_webhooks(refund_id) == ["applied"]
    confirmed = detail(acme, refund_id)
    assert (confirmed["status"], confirmed["failure_reason"]) == ("confirmed", "")
    assert confirmed["confirmed_at"] is not None
    after = balance("acme")
    assert (after["held"], after["available"]) == (before["held"], before["available"])
    assert before["pending"] - after["pending"] == 2_500
    assert bank_before - clearing_balance() == 2_500
    assert entries(refund_id) == ["refund_reserved", "refund_confirmed"]
    assert TransactionIndex.objects.get(public_id=refund_id).status == "confirmed"
    assert deposit(acme, deposit_id)["status"] == "confirmed"  # partly refunded only


def test_a_refund_the_bank_fails_gives_the_money_back_and_the_amount_is_refundable_again(
    acme: ApiClient,
) -> None:
    fund("acme", 1_000)
    deposit_id = paid_deposit(acme)
    before, bank_before = balance("acme"), clearing_balance()
    refund_id = requested(acme, deposit_id, 10_000, "fail")  # 9_901 from pending, the fee's 99 available
    assert deposit(acme, deposit_id)["refunded_amount"] == 10_000
    assert refund(acme, deposit_id, 1).json()["code"] == "refund_exceeds_amount"
    submit(refund_id)
    assert post_webhooks(refund_id) == ["applied"]
    failed = detail(acme, refund_id)
    assert (failed["status"], failed["failure_reason"]) == ("failed", "refund_rejected_by_bank")
    assert failed["failed_at"] is not None
    assert balance("acme") == before
    assert clearing_balance() == bank_before
    assert entries(refund_id) == ["refund_reserved", "refund_released"]
    again = deposit(acme, deposit_id)
    assert (again["status"], again["refunded_amount"]) == ("confirmed", 0)
    assert "failed (refund_rejected_by_bank)" in again["events"][-1]["note"]
    retry = requested(acme, deposit_id, 10_000)
    submit(retry)
    post_webhooks(retry)
    assert deposit(acme, deposit_id)["status"] == "refunded"


def test_a_failure_after_a_later_refund_took_the_fee_share_keeps_pending_and_settlement_in_step(
    acme: ApiClient,
) -> None:
    fund("acme", 1_000)
    deposit_id = paid_deposit(acme)  # net 9_901 pending
    before = balance("acme")
    first = requested(acme, deposit_id, 3_000, "fail")  # 3_000 from pending
    second = requested(acme, deposit_id, 7_000)  # 6_901 from pending, 99 from available
    submit(first)
    post_webhooks(first)  # fails: 2_901 back to pending (what settlement will move), 99 to available
    submit(second)
    post_webhooks(second)
    middle = balance("acme")
    assert before["pending"] - middle["pending"] == 7_000
    assert middle["available"] == before["available"]
    settle()
    settled = balance("acme")
    assert settled["pending"] == before["pending"] - 9_901  # the deposit left nothing behind in pending
    assert settled["available"] - before["available"] == 9_901 - 7_000
    assert deposit(acme, deposit_id)["status"] == "paid_to_client"


def test_a_refund_failing_after_settlement_goes_back_to_available(acme: ApiClient) -> None:
    deposit_id = paid_deposit(acme)
    refund_id = requested(acme, deposit_id, 4_000, "fail")  # from pending (unsettled)
    settle()  # settles 9_901 - 4_000
    before = balance("acme")
    submit(refund_id)
    post_webhooks(refund_id)
    after = balance("acme")
    assert (after["available"] - before["available"], before["held"] - after["held"]) == (4_000, 4_000)
    assert after["pending"] == before["pending"]
    assert deposit(acme, deposit_id)["refunded_amount"] == 0


def test_the_deposit_is_refunded_only_when_its_confirmed_refunds_add_up_to_the_amount(
    acme: ApiClient,
) -> None:
    fund("acme", 1_000)
    deposit_id = paid_deposit(acme)
    small, large = requested(acme, deposit_id, 4_000), requested(acme, deposit_id, 6_000)
    for refund_id in (large, small):
        submit(refund_id)
    post_webhooks(large)
    assert deposit(acme, deposit_id)["status"] == "confirmed"
    post_webhooks(small)
    final = deposit(acme, deposit_id)
    assert (final["status"], final["refunded_amount"]) == ("refunded", 10_000)
    assert final["events"][-1]["to_status"] == "refunded"


def test_a_duplicated_refund_webhook_has_one_effect(acme: ApiClient) -> None:
    deposit_id = paid_deposit(acme)
    before, bank_before = balance("acme"), clearing_balance()
    refund_id = requested(acme, deposit_id, 1_000, "duplicate")
    submit(refund_id)
    assert post_webhooks(refund_id) == ["applied", "duplicate"]
    assert bank_before - clearing_balance() == 1_000
    assert before["pending"] - balance("acme")["pending"] == 1_000
    assert entries(refund_id) == ["refund_reserved", "refund_confirmed"]


def test_a_stale_refund_event_changes_nothing(acme: ApiClient) -> None:
    deposit_id = paid_deposit(acme)
    refund_id = requested(acme, deposit_id, 1_000, "out_of_order")
    submit(refund_id)
    assert post_webhooks(refund_id) == ["applied", "ignored_stale"]
    assert detail(acme, refund_id)["status"] == "confirmed"
    with schema_context("acme"):
        row = Refund.objects.get(public_id=refund_id)
        assert refunds.apply_refund_state(row, "failed", source="webhook") == "ignored_stale"
        assert refunds.apply_refund_state(row, "no_such_state", source="webhook") == "ignored_unknown_state"
    assert entries(refund_id) == ["refund_reserved", "refund_confirmed"]


def test_a_provider_timeout_then_success_makes_one_refund_at_the_bank(acme: ApiClient) -> None:
    deposit_id = paid_deposit(acme)
    refund_id = requested(acme, deposit_id, 1_500, "timeout")
    with pytest.raises(TimeoutError):
        submit(refund_id)
    with schema_context("acme"):
        row = Refund.objects.get(public_id=refund_id)
        assert (row.status, row.submission_attempts, row.last_error) == ("pending", 1, "provider_timeout")
    assert submit(refund_id) == "recorded"  # the retry: same key, the bank answers the refund it has
    with schema_context("acme"):
        row = Refund.objects.get(public_id=refund_id)
        assert (row.submission_attempts, row.last_error) == (2, "")
    assert SandboxRefund.objects.filter(reference=refund_id).count() == 1
    assert post_webhooks(refund_id) == ["applied"]
    assert detail(acme, refund_id)["status"] == "confirmed"


def test_the_banks_webhook_ahead_of_its_answer_is_applied_and_the_retry_does_nothing(acme: ApiClient) -> None:
    deposit_id = paid_deposit(acme)
    refund_id = requested(acme, deposit_id, 1_500, "timeout")
    with pytest.raises(TimeoutError):
        submit(refund_id)
    assert post_webhooks(refund_id) == ["applied"]
    confirmed = detail(acme, refund_id)
    assert (confirmed["status"], confirmed["transaction_id"][:7]) == ("confirmed", "sbx_rf_")
    assert submit(refund_id) == "skipped"
    assert SandboxRefund.objects.filter(reference=refund_id).count() == 1


def test_a_refund_the_bank_refuses_fails_at_once_with_the_money_back(acme: ApiClient) -> None:
    deposit_id = paid_deposit(acme)
    before = balance("acme")
    refund_id = requested(acme, deposit_id, 1_000, "no_such_scenario")
    assert submit(refund_id) == "applied"
    failed = detail(acme, refund_id)
    assert (failed["status"], failed["failure_reason"]) == ("failed", "invalid_scenario")
    assert balance("acme") == before
    assert not SandboxRefund.objects.filter(reference=refund_id).exists()


def test_creating_a_refund_enqueues_its_submission_on_commit(
    acme: ApiClient, django_capture_on_commit_callbacks: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from refunds import tasks

    deposit_id = paid_deposit(acme)
    sent: list[tuple[Any, ...]] = []
    monkeypatch.setattr(tasks.submit_refund, "send_with_options", lambda **kw: sent.append(kw["args"]))
    with django_capture_on_commit_callbacks(execute=True):
        refund_id = requested(acme, deposit_id, 500)
    with schema_context("acme"):
        assert sent == [(Refund.objects.get(public_id=refund_id).pk,)]


def test_refunds_never_sent_are_resubmitted_and_pending_ones_synced(
    acme: ApiClient, django_capture_on_commit_callbacks: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from refunds import tasks

    deposit_id = paid_deposit(acme)
    lost = requested(acme, deposit_id, 500)  # its message never ran
    quiet = requested(acme, deposit_id, 700)
    submit(quiet)
    for delivery in SandboxWebhookDelivery.objects.filter(reference=quiet):
        apply_state(delivery)  # the bank refunded it, but its webhook never arrives
    sent: list[tuple[Any, ...]] = []
    monkeypatch.setattr(tasks.submit_refund, "send_with_options", lambda **kw: sent.append(kw["args"]))
    later = timezone.now() + timedelta(seconds=700)
    with schema_context("acme"):
        lost_pk = Refund.objects.get(public_id=lost).pk
        with django_capture_on_commit_callbacks(execute=True):
            assert refunds.resubmit_stuck() == 0  # created a moment ago: its own message is on its way
            assert refunds.resubmit_stuck(now=later) == 1
        assert sent == [(lost_pk,)]
        assert refunds.sync_pending() == 0
        assert refunds.sync_pending(now=later) == 1
    assert detail(acme, quiet)["status"] == "confirmed"
    assert detail(acme, lost)["status"] == "pending"


@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("pt-BR", "O banco deste depósito não faz estornos deste meio de pagamento."),
        ("en", "This deposit's bank does not refund this payment method."),
    ],
)
def test_a_provider_that_does_not_refund_the_method_is_refused_up_front(
    monkeypatch: pytest.MonkeyPatch, language: str, text: str
) -> None:
    client = logged("acme", "client", language=language)
    deposit_id = paid_deposit(client)
    monkeypatch.setattr(SandboxBank, "refund_methods", frozenset({"card"}))
    response = refund(client, deposit_id, 1_000)
    assert response.status_code == 409
    assert response.json() == {"code": "refund_not_supported", "message": text}
    with schema_context("acme"):
        assert Deposit.objects.get(public_id=deposit_id).refunded_amount == 0
        assert not Refund.objects.filter(deposit__public_id=deposit_id).exists()
        assert not DepositEvent.objects.filter(
            deposit__public_id=deposit_id, note__startswith="refund"
        ).exists()
