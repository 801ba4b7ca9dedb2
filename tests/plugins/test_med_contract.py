"""The MED capability of the plugin contract (plugin_api.testkit.check_med_reports): the sandbox bank
passes it, and the kit catches a provider that breaks it."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

import pytest

from cofre_sandbox_bank.provider import SandboxBank
from cofre_sandbox_bank.testing import deliver_now
from gateway.registry import Registry
from plugin_api import (
    BankProvider,
    ChargeArtifacts,
    ChargeRequest,
    ChargeState,
    MedHop,
    MedNotice,
    MedState,
    PluginError,
    ProviderCharge,
    ProviderEvent,
)
from plugin_api.testkit import check_med_reports, sample_charge_request
from tests.plugins.helpers import method_config


def _paid_pix(registry: Registry, config: dict[str, Any], reference: str) -> str:
    provider = registry.provider("sandbox_bank")
    request = sample_charge_request("pix", reference=reference)
    provider.create_charge(
        request, registry.method("pix").prepare(request, method_config(registry, "pix")), config
    )
    deliver_now(reference)  # the bank's confirmation: the charge is paid
    return reference


@pytest.mark.django_db
def test_the_sandbox_bank_passes_the_med_kit(registry: Registry, sandbox_config: dict[str, Any]) -> None:
    reference = _paid_pix(registry, sandbox_config, "dep_kit_med")

    def raise_case() -> tuple[str, Mapping[str, str], bytes]:
        case = SandboxBank().raise_med_case(reference, amount=500, hops=5)
        assert len(case.hops) == 5
        headers, body = deliver_now(reference)[0]
        return reference, headers, body

    check_med_reports(registry.provider("sandbox_bank"), sandbox_config, raise_case)


@pytest.mark.django_db
def test_the_sandbox_bank_raises_cases_only_on_paid_pix(
    registry: Registry, sandbox_config: dict[str, Any]
) -> None:
    bank = SandboxBank()
    with pytest.raises(PluginError) as unknown:
        bank.raise_med_case("dep_nowhere")
    assert unknown.value.code == "unknown_charge"
    reference = _paid_pix(registry, sandbox_config, "dep_kit_med_checks")
    for kwargs, code in (({"hops": 6}, "invalid_hops"), ({"amount": 10**12}, "invalid_amount"),
                         ({"reason": "regret"}, "invalid_reason")):  # fmt: skip
        with pytest.raises(PluginError) as refused:
            bank.raise_med_case(reference, **kwargs)
        assert refused.value.code == code


class MedBank(BankProvider):
    """Reports MED as told: `hops` traced accounts; `reports` says whether it claims the capability."""

    code = "med_bank"
    name = "MED bank"
    methods = frozenset({"pix"})

    def __init__(self, *, reports: bool = True, hops: int = 2, stable: bool = True) -> None:
        self.reports_med = reports
        self.hops, self.stable, self.calls = hops, stable, 0

    def create_charge(
        self, request: ChargeRequest, artifacts: ChargeArtifacts, config: Mapping[str, Any]
    ) -> ProviderCharge:
        return ProviderCharge(provider_reference="ch_1", state=ChargeState.CONFIRMED)

    def fetch_charge(self, provider_reference: str, config: Mapping[str, Any]) -> ProviderCharge:
        return ProviderCharge(provider_reference=provider_reference, state=ChargeState.CONFIRMED)

    def parse_webhook(
        self, headers: Mapping[str, str], body: bytes, config: Mapping[str, Any]
    ) -> list[ProviderEvent]:
        now = datetime.now(UTC)
        return [ProviderEvent("evt_1", "med", "dep_1", "case_1", MedState.OPEN.value, now)]

    def fetch_med_case(self, case_reference: str, config: Mapping[str, Any]) -> MedNotice:
        if not self.reports_med:
            return super().fetch_med_case(case_reference, config)
        if case_reference != "case_1":
            raise PluginError("unknown_med_case", "case_reference")
        self.calls += 1
        hops = tuple(
            MedHop(depth, "18236120", "****1234", "***.456.789-**", 100) for depth in range(1, self.hops + 1)
        )
        amount = 1_000 if self.stable else 1_000 + self.calls
        return MedNotice(
            "case_1", "dep_1", "ch_1", amount, "BRL", "fraud", MedState.OPEN, datetime.now(UTC), hops=hops
        )


def _raise() -> tuple[str, Mapping[str, str], bytes]:
    return "dep_1", {}, b"{}"


def test_the_kit_accepts_a_provider_without_med_and_a_correct_one() -> None:
    check_med_reports(MedBank(reports=False), {}, None)
    check_med_reports(MedBank(), {}, _raise)


def test_the_kit_catches_a_provider_that_breaks_the_med_contract() -> None:
    with pytest.raises(AssertionError, match="more than 5 hops"):
        check_med_reports(MedBank(hops=6), {}, _raise)
    with pytest.raises(AssertionError, match="not stable"):
        check_med_reports(MedBank(stable=False), {}, _raise)
    with pytest.raises(AssertionError, match="pass raise_case"):
        check_med_reports(MedBank(), {}, None)
