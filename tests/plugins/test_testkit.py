"""plugin_api.testkit over every built-in plugin, and the kit catching plugins that break the contract."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Mapping
from typing import Any

import pytest

from cofre_sandbox_bank.testing import deliver_now, tokenize
from gateway.registry import Registry
from plugin_api import (
    BankProvider,
    ChargeArtifacts,
    ChargeRequest,
    ChargeState,
    PaymentMethod,
    PluginError,
    ProviderCharge,
    ProviderEvent,
    ProviderRefund,
    RefundRequest,
    RefundState,
    RemittanceFile,
    WebhookRejectedError,
)
from plugin_api.testkit import (
    check_bank_provider,
    check_config_schema,
    check_payment_method,
    sample_charge_request,
    sample_payout_request,
    sample_refund_request,
)
from tests.plugins.helpers import method_config


@pytest.mark.parametrize("code", ["billet", "pix", "card", "wire"])
def test_every_built_in_payment_method_passes_the_kit(code: str, registry: Registry) -> None:
    extra = {"card_token": "tok_test"} if code == "card" else {}
    check_payment_method(
        registry.method(code), sample_charge_request(code, **extra), method_config(registry, code)
    )


@pytest.mark.django_db
@pytest.mark.parametrize("code", ["billet", "pix", "card", "wire"])
def test_the_sandbox_bank_passes_the_kit_for_every_method(
    code: str, registry: Registry, sandbox_config: dict[str, Any]
) -> None:
    method = registry.method(code)
    extra = {"card_token": tokenize("4111111111111111")} if code == "card" else {}
    request = sample_charge_request(code, reference=f"dep_kit_{code}", **extra)
    artifacts = method.prepare(request, method_config(registry, code))
    charge = check_bank_provider(
        registry.provider("sandbox_bank"),
        request,
        artifacts,
        sandbox_config,
        sign_event=lambda request, charge: deliver_now(request.reference)[0],
        sample_payout=sample_payout_request(
            "pix" if code != "wire" else "ted", idempotency_key=f"idem_{code}"
        ),
        # the signed webhook above paid the charge at the bank: half of it is refunded
        sample_refund=lambda request, charge: sample_refund_request(
            request, charge, idempotency_key=f"idem_refund_{code}"
        ),
    )
    assert charge.state == (ChargeState.CONFIRMED if code == "card" else ChargeState.PENDING)


@pytest.mark.django_db
def test_the_kit_retries_a_create_that_timed_out(registry: Registry, sandbox_config: dict[str, Any]) -> None:
    request = sample_charge_request("pix", extra={"sandbox_scenario": "timeout"})
    artifacts = registry.method("pix").prepare(request, method_config(registry, "pix"))
    check_bank_provider(
        registry.provider("sandbox_bank"),
        request,
        artifacts,
        sandbox_config,
        sign_event=lambda request, charge: deliver_now(request.reference)[0],
        sample_refund=lambda request, charge: sample_refund_request(
            request, charge, extra={"sandbox_scenario": "timeout"}
        ),  # the refund's first answer times out too: the kit retries it with the same key
    )


@pytest.mark.django_db
def test_the_kit_insists_on_a_refund_sample_for_a_provider_that_refunds(
    registry: Registry, sandbox_config: dict[str, Any]
) -> None:
    request = sample_charge_request("pix", reference="dep_kit_norefund")
    artifacts = registry.method("pix").prepare(request, method_config(registry, "pix"))
    with pytest.raises(AssertionError, match="pass sample_refund"):
        check_bank_provider(registry.provider("sandbox_bank"), request, artifacts, sandbox_config)


# --- the kit itself: a plugin that breaks a rule fails with a message naming the rule ---------------


class GoodMethod(PaymentMethod):
    code = "good"
    name = "Good"

    def validate(self, request: ChargeRequest, config: Mapping[str, Any]) -> None:
        if request.amount <= 0:
            raise PluginError("invalid_amount", "amount")
        if request.currency not in self.currencies:
            raise PluginError("unsupported_currency", "currency")

    def prepare(self, request: ChargeRequest, config: Mapping[str, Any]) -> ChargeArtifacts:
        return ChargeArtifacts(txid=request.reference)


class RandomMethod(GoodMethod):
    counter = itertools.count()

    def prepare(self, request: ChargeRequest, config: Mapping[str, Any]) -> ChargeArtifacts:
        return ChargeArtifacts(txid=str(next(self.counter)))


class LaxMethod(GoodMethod):
    def validate(self, request: ChargeRequest, config: Mapping[str, Any]) -> None:
        return None


class BadSchemaMethod(GoodMethod):
    config_schema = {"type": "object", "properties": {"delay": {"type": "integer", "default": "3"}}}


def test_the_kit_accepts_a_good_method() -> None:
    assert check_payment_method(GoodMethod(), sample_charge_request("good"), {}).txid == "dep_testkit_0001"


@pytest.mark.parametrize(
    ("method", "message"),
    [
        (RandomMethod(), "not deterministic"),
        (LaxMethod(), "amount 0: expected a PluginError"),
        (BadSchemaMethod(), "default '3' is not a integer"),
    ],
)
def test_the_kit_catches_a_broken_method(method: PaymentMethod, message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        check_payment_method(method, sample_charge_request("good"), {})


def test_the_kit_checks_the_sample_matches_the_method() -> None:
    with pytest.raises(AssertionError, match="sample request is for 'pix'"):
        check_payment_method(GoodMethod(), sample_charge_request("pix"), {})


def test_the_kit_schema_check_is_minimal_but_real() -> None:
    check_config_schema({"type": "object", "properties": {"a": {"type": "string", "default": ""}}})
    with pytest.raises(AssertionError, match="write-only secret"):
        check_config_schema(
            {"type": "object", "properties": {"s": {"type": "string", "writeOnly": True, "default": "x"}}}
        )
    with pytest.raises(AssertionError, match="unknown properties"):
        check_config_schema({"type": "object", "properties": {}, "required": ["a"]})


class ForgetfulBank(BankProvider):
    """Makes a new charge on every call and accepts any webhook: everything the kit must catch."""

    code = "forgetful"
    name = "Forgetful bank"
    methods = frozenset({"good"})

    def __init__(self, *, idempotent: bool = False, verifies: bool = True) -> None:
        self.idempotent, self.verifies = idempotent, verifies
        self.counter = itertools.count()

    def create_charge(
        self, request: ChargeRequest, artifacts: ChargeArtifacts, config: Mapping[str, Any]
    ) -> ProviderCharge:
        number = 0 if self.idempotent else next(self.counter)
        return ProviderCharge(provider_reference=f"ch_{number}", state=ChargeState.PENDING)

    def fetch_charge(self, provider_reference: str, config: Mapping[str, Any]) -> ProviderCharge:
        return ProviderCharge(provider_reference=provider_reference, state=ChargeState.PENDING)

    def parse_webhook(
        self, headers: Mapping[str, str], body: bytes, config: Mapping[str, Any]
    ) -> list[ProviderEvent]:
        if self.verifies:
            raise WebhookRejectedError("signature_invalid")
        return []


def test_the_kit_catches_a_provider_that_is_not_idempotent() -> None:
    with pytest.raises(AssertionError, match="not idempotent"):
        check_bank_provider(ForgetfulBank(), sample_charge_request("good"), ChargeArtifacts(), {})


def test_the_kit_catches_a_provider_that_accepts_unsigned_webhooks() -> None:
    with pytest.raises(AssertionError, match="unsigned webhook was accepted"):
        check_bank_provider(
            ForgetfulBank(idempotent=True, verifies=False),
            sample_charge_request("good"),
            ChargeArtifacts(),
            {},
        )


def test_the_kit_checks_a_provider_without_payouts_refuses_them() -> None:
    charge = check_bank_provider(
        ForgetfulBank(idempotent=True), sample_charge_request("good"), ChargeArtifacts(), {}
    )
    assert dataclasses.asdict(charge)["provider_reference"] == "ch_0"


class CarelessRefunder(ForgetfulBank):
    """Charges properly, but makes a new refund on every call (and never conflicts)."""

    refund_methods = frozenset({"good"})

    def submit_refund(self, request: RefundRequest, config: Mapping[str, Any]) -> ProviderRefund:
        return ProviderRefund(provider_reference=f"rf_{next(self.counter)}", state=RefundState.PENDING)

    def fetch_refund(self, provider_reference: str, config: Mapping[str, Any]) -> ProviderRefund:
        return ProviderRefund(provider_reference=provider_reference, state=RefundState.PENDING)


def test_the_kit_catches_a_provider_whose_refunds_are_not_idempotent() -> None:
    with pytest.raises(AssertionError, match="submit_refund is not idempotent"):
        check_bank_provider(
            CarelessRefunder(idempotent=True),
            sample_charge_request("good"),
            ChargeArtifacts(),
            {},
            sample_refund=sample_refund_request,
        )


def test_the_kit_checks_refund_methods_are_methods_the_provider_collects() -> None:
    class StrayRefunder(CarelessRefunder):
        refund_methods = frozenset({"good", "elsewhere"})

    with pytest.raises(AssertionError, match=r"refund_methods \['elsewhere'\] are not collected"):
        check_bank_provider(
            StrayRefunder(idempotent=True), sample_charge_request("good"), ChargeArtifacts(), {}
        )


@pytest.mark.django_db
def test_the_sandbox_bank_passes_the_kit_for_payouts_by_file(
    registry: Registry, sandbox_config: dict[str, Any]
) -> None:
    from cofre_sandbox_bank.testing import return_for
    from plugin_api.testkit import check_batch_payouts

    check_batch_payouts(
        registry.provider("sandbox_bank"),
        sandbox_config,
        [sample_payout_request("pix"), sample_payout_request("ted", amount=12_345)],
        answer=lambda content, rejected: return_for(content, dict(rejected)),
    )


@pytest.mark.django_db
def test_the_sandbox_bank_passes_the_kit_for_simulated_returns(
    registry: Registry, sandbox_config: dict[str, Any]
) -> None:
    from plugin_api.testkit import check_simulated_returns

    payouts = [sample_payout_request("pix"), sample_payout_request("ted", amount=12_345)]
    check_simulated_returns(registry.provider("sandbox_bank"), sandbox_config, payouts)


def test_the_kit_insists_a_bank_that_does_not_simulate_refuses_to(registry: Registry) -> None:
    from plugin_api.testkit import check_simulated_returns

    class Lying(type(registry.provider("sandbox_bank"))):  # type: ignore[misc]
        def simulates_returns(self, config: Any) -> bool:
            return False  # says it does not simulate, yet answers

        def simulate_return(self, remittance: bytes, outcome: Any, config: Any) -> Any:
            return RemittanceFile(name="x.ret", content=b"x")

    with pytest.raises(AssertionError, match="simulate_return: expected a PluginError"):
        check_simulated_returns(Lying(), {}, [sample_payout_request("pix")])


def test_the_kit_insists_a_provider_without_batch_files_refuses_them(registry: Registry) -> None:
    from plugin_api.testkit import check_batch_payouts

    class Lying(type(registry.provider("sandbox_bank"))):  # type: ignore[misc]
        batch_payouts = False  # says it has no batch files, yet writes them

    with pytest.raises(AssertionError, match="build_remittance: expected a PluginError"):
        check_batch_payouts(Lying(), {}, [sample_payout_request("pix")], answer=lambda c, r: c)
