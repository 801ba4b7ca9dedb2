"""The sandbox bank: a bank provider that behaves like a real one, with its own state.

It registers charges and payouts in its own tables (public schema), decides what happens to them by
scenario, and tells Cofre asynchronously through signed webhooks POSTed by a dramatiq actor, exactly
as an outside bank would. Scenarios come from `request.extra["sandbox_scenario"]`, else the
configured `default_scenario`:

charges   confirm       confirmed after `confirm_delay_seconds`
          fail          failed after the delay (reason "rejected_by_bank")
          expire        expired after the delay
          never         stays pending, no webhook
          duplicate     the confirmation is delivered twice, with the same event_id
          out_of_order  the confirmation, then a stale "pending" event with an earlier occurred_at
          timeout       recorded, but the first create call raises TimeoutError; a retry with the
                        same reference returns the recorded charge (then confirmed as usual)
payouts   confirm, fail, never, duplicate, out_of_order, timeout as above (states processing ->
          confirmed/failed), and reverse: confirmed, then reversed after another delay;
          slow: as confirm, but the answer comes SLOW_PAYOUT_SECONDS after the payout is recorded,
          and its webhooks that much later too (for tests that kill the caller mid-call: a retry
          gets the recorded payout at once, before any webhook).
med       POST /sandbox-bank/med raises a MED case on a paid PIX charge (test mode): one webhook of
          kind "med" (state open), sent `duplicates` + 1 times with new event ids (notices of one
          case), and `fetch_med_case` answers the case with its MED 2.0 hops (0 to 5).
refunds   confirm, fail, never, duplicate, out_of_order, timeout as for charges (states pending ->
          confirmed/failed). A refund needs a confirmed charge of the bank's, and the refunds of a
          charge (failed ones aside) never add up to more than it paid.

Card charges are decided at once by the token: 4000000000000002 is declined (failed,
"card_declined"), any other card is authorized (confirmed); the scenario shapes only the webhooks.

Call the provider outside a database transaction, as any bank: its own records are committed by
itself, and webhooks are scheduled only once they are (`transaction.on_commit`).
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Sum
from django.utils import timezone

from cofre_sandbox_bank import webhooks
from plugin_api import (
    BankProvider,
    ChargeArtifacts,
    ChargeRequest,
    ChargeState,
    MedDecisionReport,
    MedHop,
    MedNotice,
    MedState,
    PayoutRequest,
    PayoutState,
    PixKeyRegistration,
    PluginError,
    ProviderCharge,
    ProviderEvent,
    ProviderPayout,
    ProviderRefund,
    RefundRequest,
    RefundState,
    Remittance,
    RemittanceFile,
    ReturnItem,
    SimulatedReturn,
)
from plugin_api.brazil import documents, errors, pix

if TYPE_CHECKING:
    from cofre_sandbox_bank.models import (
        SandboxCharge,
        SandboxMedCase,
        SandboxPayout,
        SandboxPixCredit,
        SandboxRefund,
    )

CODE = "sandbox_bank"
WEBHOOK_URL_ENV = "SANDBOX_WEBHOOK_URL"  # where the bank POSTs by default (else this machine's PORT)
SCENARIO_KEY = "sandbox_scenario"
CHARGE_SCENARIOS = ("confirm", "fail", "expire", "never", "duplicate", "out_of_order", "timeout")
PAYOUT_SCENARIOS = ("confirm", "fail", "reverse", "never", "duplicate", "out_of_order", "timeout", "slow")
REFUND_SCENARIOS = ("confirm", "fail", "never", "duplicate", "out_of_order", "timeout")
SLOW_PAYOUT_SECONDS = 20
# What `default_scenario` may be: the scenarios that mean the same for charges and payouts.
DEFAULT_SCENARIOS = ("confirm", "fail", "never", "duplicate", "out_of_order", "timeout")
DEFAULT_DELAY_SECONDS = 3
STEP = timedelta(seconds=1)  # between a scenario's successive webhooks
FAIL_REASONS = {
    "charge": "rejected_by_bank",
    "payout": "rejected_by_beneficiary_bank",
    "refund": "refund_rejected_by_bank",
}
REVERSAL_REASON = "returned_by_beneficiary_bank"
MAX_AMOUNT_CENTAVOS = 9_999_999_999


def default_webhook_url() -> str:
    """The environment's SANDBOX_WEBHOOK_URL, else Cofre's own webhook endpoint on this machine."""
    configured = os.environ.get(WEBHOOK_URL_ENV, "")
    return configured or f"http://127.0.0.1:{settings.PORT}/api/webhooks/{CODE}"


def _new_reference(prefix: str) -> str:
    return f"sbx_{prefix}_{secrets.token_hex(10)}"


def _new_event_id() -> str:
    return f"evt_{secrets.token_hex(12)}"


@dataclass(frozen=True)
class PlannedEvent:
    """One webhook the bank will send: its state, when it is sent, when it says it happened."""

    state: str
    send_at: datetime
    occurred_at: datetime
    applies_state: bool  # moves the bank's own record to `state` when sent
    reason: str = ""
    repeat_of_previous: bool = False  # same event_id as the event before it


def plan_events(
    kind: str,
    scenario: str,
    *,
    now: datetime,
    delay: timedelta,
    settled: tuple[str, str] | None = None,
) -> list[PlannedEvent]:
    """The webhooks a scenario produces for a charge, payout or refund created at `now`.

    `settled` is (state, reason) for a result already decided at creation (a card authorization):
    its event reports the past and changes nothing.
    """
    initial = PayoutState.PROCESSING.value if kind == "payout" else ChargeState.PENDING.value
    if scenario == "never":
        return []
    main: list[tuple[str, str]]
    if settled is not None:
        main = [settled]
    elif scenario == "fail":
        main = [("failed", FAIL_REASONS[kind])]
    elif scenario == "expire":
        main = [(ChargeState.EXPIRED.value, "expired")]
    elif scenario == "reverse":
        main = [(PayoutState.CONFIRMED.value, ""), (PayoutState.REVERSED.value, REVERSAL_REASON)]
    else:  # confirm, duplicate, out_of_order, timeout
        main = [("confirmed", "")]
    gap = max(delay, STEP)
    planned = []
    for index, (state, reason) in enumerate(main):
        send_at = now + delay + index * gap
        planned.append(
            PlannedEvent(
                state=state,
                send_at=send_at,
                occurred_at=now if settled is not None else send_at,
                applies_state=settled is None,
                reason=reason,
            )
        )
    last = planned[-1]
    if scenario == "duplicate":
        planned.append(
            PlannedEvent(
                state=last.state,
                send_at=last.send_at + STEP,
                occurred_at=last.occurred_at,
                applies_state=False,
                reason=last.reason,
                repeat_of_previous=True,
            )
        )
    elif scenario == "out_of_order":
        # A late copy of the state before the change: it says it happened earlier than the change.
        planned.append(
            PlannedEvent(
                state=initial,
                send_at=last.send_at + STEP,
                occurred_at=min(now, last.occurred_at - STEP),
                applies_state=False,
            )
        )
    return planned


def refund_fingerprint(request: RefundRequest) -> str:
    """SHA-256 of what a refund returns and of which charge: a reused idempotency key must carry the same."""
    content = [
        request.reference,
        request.charge_reference,
        request.provider_charge_reference,
        str(request.amount),
        request.currency,
    ]
    return hashlib.sha256(json.dumps(content).encode("utf-8")).hexdigest()


def payout_fingerprint(request: PayoutRequest) -> str:
    """SHA-256 of what a payout pays and to whom: a reused idempotency key must carry the same."""
    content = [
        request.reference,
        str(request.amount),
        request.currency,
        request.method,
        request.beneficiary_name.strip(),
        request.beneficiary_document,
        request.bank_ispb,
        request.bank_compe,
        request.agency,
        request.account,
        request.account_digit,
        request.account_type,
        request.pix_key,
    ]
    return hashlib.sha256(json.dumps(content).encode("utf-8")).hexdigest()


class SandboxBank(BankProvider):
    code = CODE
    name = "Sandbox bank"
    methods = frozenset({"billet", "pix", "card", "wire"})
    payout_methods = frozenset({"pix", "ted"})
    refund_methods = frozenset({"billet", "pix", "card", "wire"})
    default_provider = True  # the built-in default: serves what no route names
    reports_med = True
    registers_pix_keys = True
    accepts_med_decisions = True
    batch_payouts = True  # CNAB 240 remittances and returns (batch_files.py)

    def __init__(self) -> None:
        self.config_schema = {
            "type": "object",
            "properties": {
                "webhook_secret": {
                    "type": "string",
                    "title": "Webhook signing secret",
                    "description": "Shared with the bank: signs every webhook (HMAC-SHA256).",
                    "writeOnly": True,
                    "minLength": 16,
                    "maxLength": 200,
                },
                "confirm_delay_seconds": {
                    "type": "integer",
                    "title": "Seconds before the bank reports an outcome",
                    "default": DEFAULT_DELAY_SECONDS,
                    "minimum": 0,
                    "maximum": 3600,
                },
                "webhook_url": {
                    "type": "string",
                    "title": "Where the bank POSTs its webhooks",
                    "pattern": "^https?://",
                    "maxLength": 500,
                    "default": default_webhook_url(),
                },
                "default_scenario": {
                    "type": "string",
                    "title": "Scenario when a request names none",
                    "enum": list(DEFAULT_SCENARIOS),
                    "default": "confirm",
                },
                "payout_channel": {
                    "type": "string",
                    "title": "How payouts reach the bank",
                    "description": "api: one by one, as they are approved; file: in CNAB 240 remittances.",
                    "enum": ["api", "file"],
                    "default": "api",
                },
            },
            "required": ["webhook_secret"],
        }

    # ------------------------------------------------------------------ configuration
    def check_config(self, config: Mapping[str, Any]) -> None:
        secret = config.get("webhook_secret")
        if not isinstance(secret, str) or len(secret) < 16:
            raise PluginError("required", "webhook_secret")

    def _delay(self, config: Mapping[str, Any]) -> timedelta:
        return timedelta(seconds=int(config.get("confirm_delay_seconds", DEFAULT_DELAY_SECONDS)))

    def _scenario(self, extra: Mapping[str, str], allowed: tuple[str, ...], config: Mapping[str, Any]) -> str:
        scenario = extra.get(SCENARIO_KEY) or str(config.get("default_scenario") or "confirm")
        if scenario not in allowed:
            raise PluginError("invalid_scenario", f"extra.{SCENARIO_KEY}", allowed=",".join(allowed))
        return scenario

    # ------------------------------------------------------------------ charges
    def create_charge(
        self, request: ChargeRequest, artifacts: ChargeArtifacts, config: Mapping[str, Any]
    ) -> ProviderCharge:
        from cofre_sandbox_bank.models import SandboxCardToken, SandboxCharge

        self.check_config(config)
        if request.method not in self.methods:
            raise PluginError("unsupported_method", "method")
        if type(request.amount) is not int or not 0 < request.amount <= MAX_AMOUNT_CENTAVOS:
            raise PluginError("invalid_amount", "amount")
        scenario = self._scenario(request.extra, CHARGE_SCENARIOS, config)
        existing = SandboxCharge.objects.filter(reference=request.reference).first()
        if existing is not None:
            return self._replay_charge(existing, request)

        now = timezone.now()
        state, reason, paid_at, brand, last4 = ChargeState.PENDING.value, "", None, "", ""
        settled: tuple[str, str] | None = None
        if request.method == "card":
            token = SandboxCardToken.objects.filter(token=request.card_token).first()
            if not request.card_token or token is None:
                raise PluginError("card_token_invalid", "card_token")
            brand, last4 = token.brand, token.last4
            if token.outcome == SandboxCardToken.Outcome.DECLINE:
                state, reason = ChargeState.FAILED.value, "card_declined"
            else:
                state, paid_at = ChargeState.CONFIRMED.value, now
            settled = (state, reason)
        try:
            with transaction.atomic():
                charge = SandboxCharge.objects.create(
                    reference=request.reference,
                    provider_reference=_new_reference("ch"),
                    method=request.method,
                    amount=request.amount,
                    currency=request.currency,
                    state=state,
                    reason=reason,
                    scenario=scenario,
                    txid=artifacts.txid,
                    card_brand=brand,
                    card_last4=last4,
                    paid_at=paid_at,
                )
                events = plan_events("charge", scenario, now=now, delay=self._delay(config), settled=settled)
                self._record_deliveries(
                    kind="charge",
                    reference=charge.reference,
                    provider_reference=charge.provider_reference,
                    amount=charge.amount,
                    events=events,
                    config=config,
                )
        except IntegrityError:
            # A concurrent call with the same reference registered it first: answer with that one.
            return self._replay_charge(SandboxCharge.objects.get(reference=request.reference), request)
        if scenario == "timeout":
            raise TimeoutError("sandbox bank: the charge was registered but the answer came too late")
        return self._charge(charge)

    def _replay_charge(self, charge: SandboxCharge, request: ChargeRequest) -> ProviderCharge:
        if (charge.amount, charge.currency, charge.method) != (
            request.amount,
            request.currency,
            request.method,
        ):
            raise PluginError("idempotency_conflict", "reference")
        return self._charge(charge)

    def _charge(self, charge: SandboxCharge) -> ProviderCharge:
        confirmed = charge.state == ChargeState.CONFIRMED
        return ProviderCharge(
            provider_reference=charge.provider_reference,
            state=ChargeState(charge.state),
            paid_amount=charge.amount if confirmed else None,
            paid_at=charge.paid_at,
            artifacts=(
                ChargeArtifacts(card_brand=charge.card_brand, card_last4=charge.card_last4)
                if charge.method == "card"
                else None
            ),
            reason=charge.reason,
        )

    def fetch_charge(self, provider_reference: str, config: Mapping[str, Any]) -> ProviderCharge:
        from cofre_sandbox_bank.models import SandboxCharge

        charge = SandboxCharge.objects.filter(provider_reference=provider_reference).first()
        if charge is None:
            raise PluginError("unknown_charge", "provider_reference")
        return self._charge(charge)

    # ------------------------------------------------------------------ webhooks
    def parse_webhook(
        self, headers: Mapping[str, str], body: bytes, config: Mapping[str, Any]
    ) -> list[ProviderEvent]:
        return webhooks.parse_events(headers, body, str(config.get("webhook_secret") or ""))

    def _record_deliveries(
        self,
        *,
        kind: str,
        reference: str,
        provider_reference: str,
        amount: int,
        events: list[PlannedEvent],
        config: Mapping[str, Any],
    ) -> None:
        from cofre_sandbox_bank.models import SandboxWebhookDelivery

        url = str(config.get("webhook_url") or default_webhook_url())
        secret = str(config["webhook_secret"])
        rows = []
        event_id = ""
        for event in events:
            event_id = event_id if event.repeat_of_previous else _new_event_id()
            paid = kind != "charge" or event.state == ChargeState.CONFIRMED
            payload = {
                "event_id": event_id,
                "kind": kind,
                "reference": reference,
                "provider_reference": provider_reference,
                "state": event.state,
                "occurred_at": event.occurred_at.isoformat(),
                "amount": amount if paid else None,
                "reason": event.reason,
            }
            rows.append(
                SandboxWebhookDelivery(
                    event_id=event_id,
                    kind=kind,
                    reference=reference,
                    payload={"events": [payload]},
                    url=url,
                    signing_secret=secret,
                    applies_state=event.applies_state,
                    due_at=event.send_at,
                )
            )
        created = SandboxWebhookDelivery.objects.bulk_create(rows)
        schedule = [(row.pk, row.due_at) for row in created]
        if schedule:
            transaction.on_commit(lambda: _schedule(schedule))

    # ------------------------------------------------------------------ payouts by file (API 1.2)
    def pays_by_file(self, config: Mapping[str, Any]) -> bool:
        return config.get("payout_channel") == "file"

    def build_remittance(self, remittance: Remittance, config: Mapping[str, Any]) -> RemittanceFile:
        from cofre_sandbox_bank import batch_files

        return batch_files.build_remittance(remittance, config)

    def read_return(self, content: bytes, config: Mapping[str, Any]) -> list[ReturnItem]:
        from cofre_sandbox_bank import batch_files

        return batch_files.read_return(content, config)

    # ------------------------------------------------------------- simulated returns (API 1.3)
    def simulates_returns(self, config: Mapping[str, Any]) -> bool:
        """Test mode, like the bank's other simulations: never in the production profile."""
        return getattr(settings, "COFRE_ENV", "") != "production"

    def simulate_return(
        self, remittance: bytes, outcome: SimulatedReturn, config: Mapping[str, Any]
    ) -> RemittanceFile:
        from cofre_sandbox_bank import batch_files

        if not self.simulates_returns(config):
            raise PluginError("return_simulation_not_supported")
        return batch_files.simulate_return(remittance, outcome, paid_on=timezone.localdate())

    # ------------------------------------------------------------------ payouts
    def _validate_payout(self, request: PayoutRequest) -> None:
        if request.method not in self.payout_methods:
            raise PluginError("unsupported_method", "method")
        if request.currency != "BRL":
            raise PluginError("unsupported_currency", "currency")
        if type(request.amount) is not int or not 0 < request.amount <= MAX_AMOUNT_CENTAVOS:
            raise PluginError("invalid_amount", "amount")
        if not request.idempotency_key.strip():
            raise PluginError("required", "idempotency_key")
        if not request.beneficiary_name.strip():
            raise PluginError("required", "beneficiary_name")
        try:
            documents.validate_document(request.beneficiary_document)
        except errors.DocumentError as exc:
            raise PluginError("invalid_document", "beneficiary_document") from exc
        if request.method == "pix":
            try:
                pix.validate_pix_key(request.pix_key)
            except errors.PixError as exc:
                raise PluginError("invalid_pix_key", "pix_key") from exc
            return
        if not (request.bank_compe or request.bank_ispb):
            raise PluginError("required", "bank_compe")
        for name in ("agency", "account"):
            if not getattr(request, name).isdigit():
                raise PluginError("required" if not getattr(request, name) else "invalid_format", name)

    def submit_payout(self, request: PayoutRequest, config: Mapping[str, Any]) -> ProviderPayout:
        from cofre_sandbox_bank.models import SandboxPayout

        self.check_config(config)
        self._validate_payout(request)
        scenario = self._scenario(request.extra, PAYOUT_SCENARIOS, config)
        fingerprint = payout_fingerprint(request)
        existing = SandboxPayout.objects.filter(idempotency_key=request.idempotency_key).first()
        if existing is not None:
            return self._replay_payout(existing, fingerprint)
        try:
            with transaction.atomic():
                payout = SandboxPayout.objects.create(
                    idempotency_key=request.idempotency_key,
                    reference=request.reference,
                    provider_reference=_new_reference("po"),
                    method=request.method,
                    amount=request.amount,
                    currency=request.currency,
                    fingerprint=fingerprint,
                    scenario=scenario,
                )
                delay = self._delay(config)
                if scenario == "slow":  # the bank's webhooks never come before its own late answer
                    delay += timedelta(seconds=SLOW_PAYOUT_SECONDS)
                events = plan_events("payout", scenario, now=timezone.now(), delay=delay)
                self._record_deliveries(
                    kind="payout",
                    reference=payout.reference,
                    provider_reference=payout.provider_reference,
                    amount=payout.amount,
                    events=events,
                    config=config,
                )
        except IntegrityError:
            existing = SandboxPayout.objects.get(idempotency_key=request.idempotency_key)
            return self._replay_payout(existing, fingerprint)
        if scenario == "timeout":
            raise TimeoutError("sandbox bank: the payout was accepted but the answer came too late")
        if scenario == "slow":
            time.sleep(SLOW_PAYOUT_SECONDS)  # recorded (committed) already: only the answer is late
        return self._payout(payout)

    def _replay_payout(self, payout: SandboxPayout, fingerprint: str) -> ProviderPayout:
        if payout.fingerprint != fingerprint:
            raise PluginError("idempotency_conflict", "idempotency_key")
        return self._payout(payout)

    def _payout(self, payout: SandboxPayout) -> ProviderPayout:
        return ProviderPayout(
            provider_reference=payout.provider_reference,
            state=PayoutState(payout.state),
            reason=payout.reason,
        )

    def fetch_payout(self, provider_reference: str, config: Mapping[str, Any]) -> ProviderPayout:
        from cofre_sandbox_bank.models import SandboxPayout

        payout = SandboxPayout.objects.filter(provider_reference=provider_reference).first()
        if payout is None:
            raise PluginError("unknown_payout", "provider_reference")
        return self._payout(payout)

    # ------------------------------------------------------------------ refunds
    def _refundable(self, request: RefundRequest) -> SandboxCharge:
        """The bank's own charge behind a refund request, checked: paid, same currency, not over-refunded.
        Locks the charge's row (call it inside a transaction): two refunds of it never both fit."""
        from cofre_sandbox_bank.models import SandboxCharge

        if type(request.amount) is not int or not 0 < request.amount <= MAX_AMOUNT_CENTAVOS:
            raise PluginError("invalid_amount", "amount")
        if not request.idempotency_key.strip():
            raise PluginError("required", "idempotency_key")
        charge = (
            SandboxCharge.objects.select_for_update()
            .filter(provider_reference=request.provider_charge_reference, reference=request.charge_reference)
            .first()
        )
        if charge is None:
            raise PluginError("unknown_charge", "provider_charge_reference")
        if charge.method not in self.refund_methods:
            raise PluginError("unsupported_method", "method")
        if charge.state != ChargeState.CONFIRMED:
            raise PluginError("charge_not_paid", "provider_charge_reference")
        if request.currency != charge.currency:
            raise PluginError("unsupported_currency", "currency")
        refunded = (
            charge.refunds.exclude(state=RefundState.FAILED).aggregate(total=Sum("amount"))["total"] or 0
        )
        if refunded + request.amount > charge.amount:
            raise PluginError("refund_exceeds_charge", "amount", left=charge.amount - refunded)
        return charge

    def submit_refund(self, request: RefundRequest, config: Mapping[str, Any]) -> ProviderRefund:
        from cofre_sandbox_bank.models import SandboxRefund

        self.check_config(config)
        scenario = self._scenario(request.extra, REFUND_SCENARIOS, config)
        fingerprint = refund_fingerprint(request)
        existing = SandboxRefund.objects.filter(idempotency_key=request.idempotency_key).first()
        if existing is not None:
            return self._replay_refund(existing, fingerprint)
        try:
            with transaction.atomic():
                charge = self._refundable(request)
                refund = SandboxRefund.objects.create(
                    idempotency_key=request.idempotency_key,
                    reference=request.reference,
                    charge=charge,
                    provider_reference=_new_reference("rf"),
                    amount=request.amount,
                    currency=request.currency,
                    fingerprint=fingerprint,
                    scenario=scenario,
                )
                events = plan_events("refund", scenario, now=timezone.now(), delay=self._delay(config))
                self._record_deliveries(
                    kind="refund",
                    reference=refund.reference,
                    provider_reference=refund.provider_reference,
                    amount=refund.amount,
                    events=events,
                    config=config,
                )
        except IntegrityError:
            existing = SandboxRefund.objects.get(idempotency_key=request.idempotency_key)
            return self._replay_refund(existing, fingerprint)
        if scenario == "timeout":
            raise TimeoutError("sandbox bank: the refund was accepted but the answer came too late")
        return self._refund(refund)

    def _replay_refund(self, refund: SandboxRefund, fingerprint: str) -> ProviderRefund:
        if refund.fingerprint != fingerprint:
            raise PluginError("idempotency_conflict", "idempotency_key")
        return self._refund(refund)

    def _refund(self, refund: SandboxRefund) -> ProviderRefund:
        return ProviderRefund(
            provider_reference=refund.provider_reference,
            state=RefundState(refund.state),
            reason=refund.reason,
        )

    def fetch_refund(self, provider_reference: str, config: Mapping[str, Any]) -> ProviderRefund:
        from cofre_sandbox_bank.models import SandboxRefund

        refund = SandboxRefund.objects.filter(provider_reference=provider_reference).first()
        if refund is None:
            raise PluginError("unknown_refund", "provider_reference")
        return self._refund(refund)

    # ------------------------------------------------------------------ MED
    def raise_med_case(
        self,
        charge_reference: str,
        *,
        amount: int | None = None,
        reason: str = "fraud",
        hops: int = 3,
        duplicates: int = 0,
        delay_seconds: int = 0,
        decision_failures: int = 0,
    ) -> SandboxMedCase:
        """Open a MED case on the bank's paid charge `charge_reference` (its test mode) and schedule its
        notice webhooks, signed with the secret and sent to the URL of the charge's own webhooks."""
        from cofre_sandbox_bank.models import SandboxCharge, SandboxMedCase, SandboxWebhookDelivery

        if reason not in MED_REASONS_ALLOWED:
            raise PluginError("invalid_reason", "reason")
        if type(hops) is not int or not 0 <= hops <= 5:
            raise PluginError("invalid_hops", "hops")
        if type(duplicates) is not int or not 0 <= duplicates <= 5:
            raise PluginError("invalid_duplicates", "duplicates")
        if type(decision_failures) is not int or not 0 <= decision_failures <= 5:
            raise PluginError("invalid_decision_failures", "decision_failures")
        with transaction.atomic():
            charge = SandboxCharge.objects.select_for_update().filter(reference=charge_reference).first()
            if charge is None:
                raise PluginError("unknown_charge", "reference")
            if charge.state != ChargeState.CONFIRMED or charge.method != "pix":
                raise PluginError("charge_not_paid_pix", "reference")
            disputed = charge.amount if amount is None else amount
            if type(disputed) is not int or not 0 < disputed <= charge.amount:
                raise PluginError("invalid_amount", "amount")
            earlier = (
                SandboxWebhookDelivery.objects.filter(reference=charge.reference).order_by("-id").first()
            )
            if earlier is None:
                raise PluginError("no_webhook_endpoint", "reference")
            now = timezone.now()
            case = SandboxMedCase.objects.create(
                case_reference=_new_reference("med"),
                charge=charge,
                amount=disputed,
                currency=charge.currency,
                reason=reason,
                details="Contestação pelo botão de autoatendimento (MED 2.0)",
                hops=_trace(disputed, hops),
                reported_at=now,
                decision_failures=decision_failures,
            )
            rows = []
            for index in range(duplicates + 1):
                send_at = now + timedelta(seconds=delay_seconds) + index * STEP
                event_id = _new_event_id()
                event: dict[str, object] = {
                    "event_id": event_id,
                    "kind": "med",
                    "reference": charge.reference,
                    "provider_reference": case.case_reference,
                    "state": MedState.OPEN.value,
                    "occurred_at": now.isoformat(),
                    "amount": disputed,
                    "reason": reason,
                }
                rows.append(
                    SandboxWebhookDelivery(
                        event_id=event_id,
                        kind="med",
                        reference=charge.reference,
                        payload={"events": [event]},
                        url=earlier.url,
                        signing_secret=earlier.signing_secret,
                        due_at=send_at,
                    )
                )
            created = SandboxWebhookDelivery.objects.bulk_create(rows)
            schedule = [(row.pk, row.due_at) for row in created]
            transaction.on_commit(lambda: _schedule(schedule))
        return case

    def fetch_med_case(self, case_reference: str, config: Mapping[str, Any]) -> MedNotice:
        from cofre_sandbox_bank.models import SandboxMedCase

        case = SandboxMedCase.objects.select_related("charge").filter(case_reference=case_reference).first()
        if case is None:
            raise PluginError("unknown_med_case", "case_reference")
        return MedNotice(
            case_reference=case.case_reference,
            charge_reference=case.charge.reference,
            provider_charge_reference=case.charge.provider_reference,
            amount=case.amount,
            currency=case.currency,
            reason=case.reason,
            state=MedState(case.state),
            reported_at=case.reported_at,
            details=case.details,
            hops=tuple(MedHop(**hop) for hop in case.hops),
        )

    def report_med_decision(self, report: MedDecisionReport, config: Mapping[str, Any]) -> None:
        """Record the decision on one of the bank's MED cases: one row per idempotency key (a repeat
        counts itself and changes nothing; the same key with another decision is a conflict). In test
        mode a case raised with `decision_failures` answers that many reports with a timeout first."""
        from cofre_sandbox_bank.models import SandboxMedCase, SandboxMedDecision

        with transaction.atomic():
            case = (
                SandboxMedCase.objects.select_for_update()
                .select_related("charge")
                .filter(case_reference=report.case_reference)
                .first()
            )
            if case is None:
                raise PluginError("unknown_med_case", "case_reference")
            if case.charge.reference != report.charge_reference:
                raise PluginError("med_reference_mismatch", "charge_reference")
            failing = case.decision_failures > 0
            if failing:
                case.decision_failures -= 1
                case.save(update_fields=["decision_failures"])
        if failing:
            raise TimeoutError("sandbox bank: the MED decision report timed out (test mode)")
        with transaction.atomic():
            known = (
                SandboxMedDecision.objects.select_for_update()
                .filter(idempotency_key=report.idempotency_key)
                .first()
            )
            if known is not None:
                if (known.decision, known.refunded_amount) != (report.decision.value, report.refunded_amount):
                    raise PluginError("idempotency_conflict", "idempotency_key")
                known.received += 1
                known.save(update_fields=["received"])
                return
            SandboxMedDecision.objects.create(
                idempotency_key=report.idempotency_key,
                case=case,
                decision=report.decision.value,
                refunded_amount=report.refunded_amount,
                currency=report.currency,
                reason=report.reason[:2000],
                decided_at=report.decided_at,
            )

    # ------------------------------------------------------------------ PIX keys
    def register_pix_key(self, registration: PixKeyRegistration, config: Mapping[str, Any]) -> None:
        from cofre_sandbox_bank.models import SandboxPixKey

        self.check_config(config)
        try:
            pix.validate_pix_key(registration.key, pix.PixKeyType(registration.key_type))
        except (ValueError, errors.PixError) as exc:
            raise PluginError("invalid_pix_key", "key") from exc
        SandboxPixKey.objects.update_or_create(
            key=registration.key,
            defaults={
                "key_type": registration.key_type,
                "reference": registration.reference,
                "url": str(config.get("webhook_url") or default_webhook_url()),
                "signing_secret": str(config["webhook_secret"]),
            },
        )

    def remove_pix_key(self, key: str, config: Mapping[str, Any]) -> None:
        from cofre_sandbox_bank.models import SandboxPixKey

        SandboxPixKey.objects.filter(key=key).delete()

    def send_to_key(
        self,
        key: str,
        *,
        amount: object,
        payer_name: object,
        payer_document: object,
        duplicates: object = 0,
    ) -> SandboxPixCredit:
        """Someone sends `amount` centavos to the registered `key` (test mode): the bank records the
        credit and tells the key's merchant with a webhook of kind "pix_credit", sent `duplicates` + 1
        times with the SAME event id (a bank repeating its notice)."""
        from cofre_sandbox_bank.models import SandboxPixCredit, SandboxPixKey, SandboxWebhookDelivery

        if type(amount) is not int or not 0 < amount <= MAX_AMOUNT_CENTAVOS:
            raise PluginError("invalid_amount", "amount")
        if not isinstance(payer_name, str) or not 2 <= len(payer_name.strip()) <= 200:
            raise PluginError("required", "payer_name")
        try:
            document = documents.validate_document(payer_document if isinstance(payer_document, str) else "")
        except errors.DocumentError as exc:
            raise PluginError("invalid_document", "payer_document") from exc
        if type(duplicates) is not int or not 0 <= duplicates <= 5:
            raise PluginError("invalid_duplicates", "duplicates")
        with transaction.atomic():
            registered = SandboxPixKey.objects.filter(key=key).first()
            if registered is None:
                raise PluginError("unknown_pix_key", "key")
            now = timezone.now()
            credit = SandboxPixCredit.objects.create(
                end_to_end_id=pix.build_end_to_end_id(ispb=SANDBOX_ISPB, when=now),
                key=key,
                amount=amount,
                payer_name=" ".join(payer_name.split()),
                payer_document=document.value,
            )
            event_id = _new_event_id()
            event = {
                "event_id": event_id,
                "kind": "pix_credit",
                "reference": key,
                "provider_reference": credit.end_to_end_id,
                "state": ChargeState.CONFIRMED.value,
                "occurred_at": now.isoformat(),
                "amount": amount,
                "reason": "",
                "currency": credit.currency,
                "payer_name": credit.payer_name,
                "payer_document": credit.payer_document,
            }
            created = SandboxWebhookDelivery.objects.bulk_create(
                [
                    SandboxWebhookDelivery(
                        event_id=event_id,
                        kind="pix_credit",
                        reference=credit.end_to_end_id,
                        payload={"events": [event]},
                        url=registered.url,
                        signing_secret=registered.signing_secret,
                        due_at=now + index * STEP,
                    )
                    for index in range(duplicates + 1)
                ]
            )
            schedule = [(row.pk, row.due_at) for row in created]
            transaction.on_commit(lambda: _schedule(schedule))
        return credit


SANDBOX_ISPB = "99999999"  # the sandbox bank's made-up ISPB (end-to-end ids of credits it receives)
MED_REASONS_ALLOWED = ("fraud", "operational_failure")
_HOP_BANKS = ("18236120", "60746948", "00360305", "90400888", "00416968")  # ISPBs of the hops


def _trace(amount: int, hops: int) -> list[dict[str, Any]]:
    """A made-up MED 2.0 tracking graph: the funds split on at each hop, a part blocked at each."""
    traced = []
    left = amount
    for depth in range(1, hops + 1):
        moved = left if depth == hops else left * 3 // 5
        digits = f"{secrets.randbelow(10**4):04d}"
        traced.append(
            {
                "depth": depth,
                "ispb": _HOP_BANKS[depth - 1],
                "account": f"****{digits}",
                "holder_document": f"***.{secrets.randbelow(1000):03d}.{secrets.randbelow(1000):03d}-**",
                "amount": moved,
            }
        )
        left = moved
    return traced


def _schedule(deliveries: list[tuple[int, datetime]]) -> None:
    """Send one delayed message per delivery. The sandbox is an outside party: its messages run in
    the public schema, whoever's request created them."""
    from cofre_sandbox_bank.tasks import deliver_webhook

    now = timezone.now()
    for pk, due_at in deliveries:
        delay_ms = max(0, int((due_at - now).total_seconds() * 1000))
        deliver_webhook.send_with_options(args=(pk,), delay=delay_ms or None, tenant_schema="public")
