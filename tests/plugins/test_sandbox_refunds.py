"""The sandbox bank's refunds: its own state, idempotency on the key, a paid charge and never more than
it paid, every refund scenario's webhooks, a timeout then the retry, and fetch_refund."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from cofre_sandbox_bank.models import SandboxRefund, SandboxWebhookDelivery
from cofre_sandbox_bank.provider import SandboxBank
from cofre_sandbox_bank.testing import deliver_now
from plugin_api import ChargeArtifacts, ChargeRequest, PluginError, ProviderCharge, ProviderEvent, RefundState
from plugin_api.testkit import sample_charge_request, sample_refund_request

pytestmark = pytest.mark.django_db

BANK = SandboxBank()
Config = dict[str, Any]


def paid_charge(
    reference: str, config: Config, *, amount: int = 10_000
) -> tuple[ChargeRequest, ProviderCharge]:
    """A PIX charge the bank registered and reported paid (its confirmation webhook sent)."""
    request = sample_charge_request("pix", reference=reference, amount=amount)
    created = BANK.create_charge(request, ChargeArtifacts(), config)
    deliver_now(reference)  # the bank's books: confirmed
    return request, created


def events_of(reference: str, config: Config) -> list[ProviderEvent]:
    return [
        event
        for headers, body in deliver_now(reference)
        for event in BANK.parse_webhook(headers, body, config)
    ]


def test_submit_refund_is_idempotent_on_the_key_and_answers_pending(sandbox_config: Config) -> None:
    request, charge = paid_charge("dep_rf_idem", sandbox_config)
    refund = sample_refund_request(request, charge, reference="ref_1", idempotency_key="ref_1")
    first = BANK.submit_refund(refund, sandbox_config)
    assert first.state == RefundState.PENDING
    assert first.provider_reference.startswith("sbx_rf_")
    assert BANK.submit_refund(refund, sandbox_config) == first
    assert SandboxRefund.objects.filter(idempotency_key="ref_1").count() == 1
    assert SandboxWebhookDelivery.objects.filter(kind="refund", reference="ref_1").count() == 1
    with pytest.raises(PluginError) as error:
        BANK.submit_refund(dataclasses.replace(refund, amount=refund.amount + 1), sandbox_config)
    assert (error.value.code, error.value.field) == ("idempotency_conflict", "idempotency_key")


@pytest.mark.parametrize(
    ("scenario", "states", "final"),
    [
        ("confirm", ["confirmed"], "confirmed"),
        ("fail", ["failed"], "failed"),
        ("never", [], "pending"),
        ("duplicate", ["confirmed", "confirmed"], "confirmed"),
        ("out_of_order", ["confirmed", "pending"], "confirmed"),
    ],
)
def test_each_refund_scenario_sends_its_events(
    scenario: str, states: list[str], final: str, sandbox_config: Config
) -> None:
    request, charge = paid_charge(f"dep_rf_{scenario}", sandbox_config)
    refund = sample_refund_request(
        request, charge, reference=f"ref_{scenario}", idempotency_key=f"ref_{scenario}",
        extra={"sandbox_scenario": scenario},
    )  # fmt: skip
    submitted = BANK.submit_refund(refund, sandbox_config)
    events = events_of(refund.reference, sandbox_config)
    assert [event.state for event in events] == states
    assert all(e.kind == "refund" and e.provider_reference == submitted.provider_reference for e in events)
    assert all(e.amount == refund.amount for e in events)
    if scenario == "duplicate":
        assert events[0].event_id == events[1].event_id
    if scenario == "out_of_order":
        assert events[1].occurred_at < events[0].occurred_at
    if scenario == "fail":
        assert events[0].reason == "refund_rejected_by_bank"
    assert BANK.fetch_refund(submitted.provider_reference, sandbox_config).state == final


def test_a_refund_timeout_records_it_and_the_retry_returns_it(sandbox_config: Config) -> None:
    request, charge = paid_charge("dep_rf_timeout", sandbox_config)
    refund = sample_refund_request(request, charge, extra={"sandbox_scenario": "timeout"})
    with pytest.raises(TimeoutError):
        BANK.submit_refund(refund, sandbox_config)
    retry = BANK.submit_refund(refund, sandbox_config)
    assert (
        retry.provider_reference == SandboxRefund.objects.get(reference=refund.reference).provider_reference
    )
    assert [event.state for event in events_of(refund.reference, sandbox_config)] == ["confirmed"]
    with pytest.raises(PluginError, match="unknown_refund"):
        BANK.fetch_refund("sbx_rf_nope", sandbox_config)


def test_refunds_never_add_up_to_more_than_the_charge_paid_failed_ones_aside(sandbox_config: Config) -> None:
    request, charge = paid_charge("dep_rf_sum", sandbox_config, amount=1_000)

    def refund(reference: str, amount: int, scenario: str = "confirm") -> Any:
        return BANK.submit_refund(
            sample_refund_request(request, charge, reference=reference, idempotency_key=reference,
                                  amount=amount, extra={"sandbox_scenario": scenario}),
            sandbox_config,
        )  # fmt: skip

    refund("ref_a", 600, "fail")
    deliver_now("ref_a")  # failed at the bank: its 600 can be refunded again
    refund("ref_b", 700)
    with pytest.raises(PluginError) as error:
        refund("ref_c", 301)
    assert (error.value.code, error.value.params) == ("refund_exceeds_charge", {"left": 300})
    refund("ref_d", 300)
    assert not SandboxRefund.objects.filter(reference="ref_c").exists()


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"provider_charge_reference": "sbx_ch_nope"}, ("unknown_charge", "provider_charge_reference")),
        ({"charge_reference": "dep_other"}, ("unknown_charge", "provider_charge_reference")),
        ({"currency": "USD"}, ("unsupported_currency", "currency")),
        ({"amount": 0}, ("invalid_amount", "amount")),
        ({"extra": {"sandbox_scenario": "reverse"}}, ("invalid_scenario", "extra.sandbox_scenario")),
    ],
)
def test_invalid_refunds_are_refused(
    change: dict[str, Any], expected: tuple[str, str], sandbox_config: Config
) -> None:
    request, charge = paid_charge("dep_rf_invalid", sandbox_config)
    with pytest.raises(PluginError) as error:
        BANK.submit_refund(
            dataclasses.replace(sample_refund_request(request, charge), **change), sandbox_config
        )
    assert (error.value.code, error.value.field) == expected
    assert not SandboxRefund.objects.exists()


def test_an_unpaid_charge_cannot_be_refunded(sandbox_config: Config) -> None:
    request = sample_charge_request("pix", reference="dep_rf_unpaid", extra={"sandbox_scenario": "never"})
    charge = BANK.create_charge(request, ChargeArtifacts(), sandbox_config)
    with pytest.raises(PluginError) as error:
        BANK.submit_refund(sample_refund_request(request, charge), sandbox_config)
    assert error.value.code == "charge_not_paid"
