"""Data contracts between Cofre's core and its plugins (frozen dataclasses, as Saleor's interface.py).

Money is always integer centavos plus an ISO currency ("BRL", "USD"); dates are `datetime.date`,
instants timezone-aware `datetime`. Plugins never see Django models, tenants' schemas or the ledger.
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any


class PluginError(Exception):
    """A request a plugin refuses: `code` is machine-readable, `field` names the input to fix."""

    def __init__(self, code: str, field: str = "", **params: str | int) -> None:
        super().__init__(f"{code}{f' ({field})' if field else ''}")
        self.code = code
        self.field = field
        self.params = params


class WebhookRejectedError(PluginError):
    """A webhook whose signature or payload does not verify: answered 400, nothing applied."""


@dataclass(frozen=True)
class Payer:
    name: str
    document: str  # CPF or CNPJ, normalised (digits, or upper-case alphanumerics for the new CNPJ)
    email: str = ""
    street: str = ""
    number: str = ""
    complement: str = ""
    neighborhood: str = ""
    city: str = ""
    state: str = ""  # two-letter UF
    zipcode: str = ""  # 8 digits


@dataclass(frozen=True)
class ChargeRequest:
    """A charge the core wants to create. `reference` is Cofre's own id for it (unique, stable)."""

    reference: str
    method: str  # "billet" | "pix" | "card" | "wire" | a plugin's own code
    amount: int  # centavos, > 0
    currency: str
    payer: Payer
    description: str = ""
    due_date: date | None = None  # billet
    expires_in_seconds: int | None = None  # pix
    card_token: str = ""  # card: a provider token, never a card number
    merchant_name: str = ""
    merchant_city: str = ""
    extra: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class ChargeArtifacts:
    """What the payer needs, prepared by the payment method (all optional, by method)."""

    barcode: str = ""  # billet: 44 digits
    typed_line: str = ""  # billet: 47 digits
    brcode: str = ""  # pix: EMV "copia e cola"
    txid: str = ""  # pix
    pix_key: str = ""  # pix: the receiving key
    expires_at: datetime | None = None
    card_brand: str = ""
    card_last4: str = ""
    wire_instructions: Mapping[str, str] = field(default_factory=dict)


class ChargeState(enum.StrEnum):
    PENDING = "pending"  # created, waiting for the payer
    CONFIRMED = "confirmed"  # paid
    FAILED = "failed"  # refused (e.g. card declined)
    CANCELED = "canceled"
    EXPIRED = "expired"


@dataclass(frozen=True)
class ProviderCharge:
    provider_reference: str
    state: ChargeState
    paid_amount: int | None = None
    paid_at: datetime | None = None
    artifacts: ChargeArtifacts | None = None  # a provider may fill in or override the method's artifacts
    reason: str = ""  # why a charge failed or was canceled, e.g. "card_declined"


@dataclass(frozen=True)
class ProviderEvent:
    """One event from a provider's webhook, already verified."""

    event_id: str  # the provider's unique id for this event (duplicates share it)
    kind: str  # "charge" | "payout" | "refund" | "med" | "pix_credit"
    reference: str  # Cofre's reference (ChargeRequest, PayoutRequest or RefundRequest .reference)
    provider_reference: str
    state: str  # a ChargeState, PayoutState or RefundState value
    occurred_at: datetime
    amount: int | None = None
    reason: str = ""
    # "pix_credit" (API 1.1): money sent to a PIX key with no charge before. `reference` is the key,
    # `provider_reference` the end-to-end id, `state` "confirmed", with who paid and in what currency.
    payer_name: str = ""
    payer_document: str = ""
    currency: str = ""


@dataclass(frozen=True)
class PixKeyRegistration:
    """A client's PIX key the core asks the bank to register (DICT), so credits to it reach Cofre as
    webhook events of kind "pix_credit" (API 1.1)."""

    key: str  # in DICT form (plugin_api.brazil.pix.normalize_pix_key)
    key_type: str  # cpf | cnpj | email | phone | evp
    reference: str  # Cofre's id of the key


@dataclass(frozen=True)
class PayoutRequest:
    """A payout the core wants the bank to make; `idempotency_key` makes resubmission safe."""

    reference: str
    idempotency_key: str
    amount: int
    currency: str
    method: str  # "pix" | "ted"
    beneficiary_name: str
    beneficiary_document: str
    bank_ispb: str = ""
    bank_compe: str = ""
    agency: str = ""
    account: str = ""
    account_digit: str = ""
    account_type: str = ""  # "checking" | "savings" | "payment"
    pix_key: str = ""
    description: str = ""
    extra: Mapping[str, str] = field(default_factory=dict)


class PayoutState(enum.StrEnum):
    PROCESSING = "processing"
    CONFIRMED = "confirmed"
    FAILED = "failed"
    REVERSED = "reversed"


@dataclass(frozen=True)
class ProviderPayout:
    provider_reference: str
    state: PayoutState
    reason: str = ""


@dataclass(frozen=True)
class RefundRequest:
    """Money of a paid charge the core wants the bank to return to the payer (part or all of it).

    `idempotency_key` makes resubmission safe; `charge_reference` is the charge's ChargeRequest.reference
    and `provider_charge_reference` the bank's own reference for it (ProviderCharge.provider_reference).
    """

    reference: str
    idempotency_key: str
    charge_reference: str
    provider_charge_reference: str
    amount: int  # centavos, > 0, never above what the charge paid minus its other refunds
    currency: str
    method: str  # the charge's payment method
    reason: str = ""
    extra: Mapping[str, str] = field(default_factory=dict)


class RefundState(enum.StrEnum):
    PENDING = "pending"  # accepted by the bank, not yet returned to the payer
    CONFIRMED = "confirmed"  # the payer got the money back
    FAILED = "failed"  # the bank could not return it (nothing left the bank)


@dataclass(frozen=True)
class ProviderRefund:
    provider_reference: str
    state: RefundState
    reason: str = ""


class MedState(enum.StrEnum):
    """A MED infraction as the bank (the DICT) reports it to the receiving institution."""

    OPEN = "open"  # notified: the disputed funds must be blocked and analysed
    CANCELLED = "cancelled"  # withdrawn by the payer's institution: the block is lifted


MED_REASONS = frozenset({"fraud", "operational_failure"})
MED_MAX_HOPS = 5  # MED 2.0: funds are traced through up to 5 accounts past the first


@dataclass(frozen=True)
class MedHop:
    """One account the disputed funds went through (MED 2.0 tracking graph), `depth` 1..5 from the
    first receiving account. Identities are masked as the DICT hands them out."""

    depth: int
    ispb: str  # 8 digits
    account: str  # masked, e.g. "****5678"
    holder_document: str  # masked, e.g. "***.456.789-**"
    amount: int  # centavos traced to (and blocked at) this hop


@dataclass(frozen=True)
class MedNotice:
    """A MED case about a paid charge (`charge_reference` = ChargeRequest.reference), as the provider
    reports it. `case_reference` is the provider's stable id: notices of one case share it."""

    case_reference: str
    charge_reference: str
    provider_charge_reference: str
    amount: int  # centavos disputed, > 0, never above what the charge paid
    currency: str
    reason: str  # one of MED_REASONS
    state: MedState
    reported_at: datetime  # when the payer's institution opened the infraction
    details: str = ""
    hops: tuple[MedHop, ...] = ()  # at most MED_MAX_HOPS, depths 1..n in order


class MedDecision(enum.StrEnum):
    """The receiving institution's answer to a MED case (API 1.2)."""

    ACCEPTED = "accepted"  # the claim stands: `refunded_amount` goes back to the payer
    REJECTED = "rejected"  # the claim is refused, with `reason`


@dataclass(frozen=True)
class MedDecisionReport:
    """Cofre's decision on a MED case, reported to the provider that raised it (API 1.2).

    `idempotency_key` is the same for every report of one decision (a retry, a duplicate delivery of
    the job): the provider keeps one decision per key, and answers a repeat as it did the first."""

    case_reference: str  # MedNotice.case_reference
    charge_reference: str  # the disputed charge's reference (ChargeRequest.reference)
    decision: MedDecision
    refunded_amount: int  # centavos refunded to the payer (accepted); 0 when rejected
    currency: str
    reason: str  # the justification (rejected: what the payer's institution reads)
    decided_at: datetime
    idempotency_key: str


@dataclass(frozen=True)
class RemittanceItem:
    """One payout of a remittance (API 1.2). `reference` is Cofre's reference for the line, at most 20
    characters (CNAB 240 "seu número"): the return names the payout by it."""

    reference: str
    payout: PayoutRequest


@dataclass(frozen=True)
class Remittance:
    """Payouts the core sends to the bank as one file (API 1.2): `reference` is Cofre's id of the batch,
    `sequence` the file's number for this provider (1, 2, ...)."""

    reference: str
    sequence: int
    created_at: datetime
    pay_on: date
    items: tuple[RemittanceItem, ...]


@dataclass(frozen=True)
class RemittanceFile:
    """The file a provider wrote for a Remittance, as the bank takes it."""

    name: str
    content: bytes
    content_type: str = "text/plain; charset=us-ascii"


@dataclass(frozen=True)
class ReturnItem:
    """What the bank's return file says of one line (API 1.2): `reference` is RemittanceItem.reference;
    `state` CONFIRMED (paid), FAILED (refused: nothing left the bank) or PROCESSING (accepted, not yet
    paid); `occurrences` the bank's codes (CNAB 240: "00" paid, "BD" scheduled, "AG", "AN", ...)."""

    line: int
    reference: str
    state: PayoutState
    amount: int
    occurrences: tuple[str, ...] = ()
    provider_reference: str = ""
    reason: str = ""


class SimulatedReturn(enum.StrEnum):
    """How a test bank answers a remittance when asked to simulate its return (API 1.3)."""

    ALL_PAID = "all_paid"  # every line paid
    SOME_REJECTED = "some_rejected"  # every second line refused (an occurrence code the bank picks)
    ALL_REJECTED = "all_rejected"  # every line refused
    SCHEDULED = "scheduled"  # every line accepted, not yet paid (payouts stay pending)


@dataclass(frozen=True)
class PayerDocument:
    """Something to hand the payer: a printable boleto page, a QR code image."""

    content_type: str  # e.g. "text/html; charset=utf-8", "image/svg+xml"
    body: bytes
    filename: str = ""


class PaymentMethod(ABC):
    """A way to pay in: validates requests and prepares what the payer needs."""

    code: str
    name: str
    currencies: frozenset[str] = frozenset({"BRL"})
    # JSON-Schema subset: an object of scalar properties (type, required, enum, minimum, maximum,
    # minLength, maxLength, pattern, default, writeOnly for secrets); see gateway.config_schema.
    config_schema: Mapping[str, Any] = {"type": "object", "properties": {}}

    def payer_document(
        self, request: ChargeRequest, artifacts: ChargeArtifacts, config: Mapping[str, Any]
    ) -> PayerDocument | None:
        """A document for the payer (the printable boleto, the PIX QR code), or None (the default)."""
        return None

    def check_config(self, config: Mapping[str, Any]) -> None:
        """Raise PluginError(code, field) for configuration its schema cannot express.

        Called after the schema validated `config` (defaults applied), e.g. when a tenant saves it;
        checks such as a PIX key's check digits live here. The default accepts everything.
        """
        return

    @abstractmethod
    def validate(self, request: ChargeRequest, config: Mapping[str, Any]) -> None:
        """Raise PluginError(code, field) when the request cannot be charged with this method.

        `config` is the tenant's configuration, already validated by `config_schema` (defaults applied).
        """

    @abstractmethod
    def prepare(self, request: ChargeRequest, config: Mapping[str, Any]) -> ChargeArtifacts:
        """Build the payer-facing artifacts for a request `validate` accepted.

        Deterministic for the same request and config (a retry prepares the same barcode, BR Code,
        instructions), except `expires_at`, which counts from the current time.
        """


class BankProvider(ABC):
    """A bank (or PSP) that collects charges, makes payouts and refunds paid charges."""

    code: str
    name: str
    methods: frozenset[str]  # payment method codes it can collect
    payout_methods: frozenset[str] = frozenset()
    refund_methods: frozenset[str] = frozenset()  # payment methods whose charges it can refund
    config_schema: Mapping[str, Any] = {"type": "object", "properties": {}}
    # The built-in default: serves a method no route names (at most one loaded provider says so).
    default_provider: bool = False

    def check_config(self, config: Mapping[str, Any]) -> None:
        """Raise PluginError(code, field) for configuration its schema cannot express (default: none)."""
        return

    @abstractmethod
    def create_charge(
        self, request: ChargeRequest, artifacts: ChargeArtifacts, config: Mapping[str, Any]
    ) -> ProviderCharge:
        """Register the charge with the bank. Must be idempotent on `request.reference`.

        A retry with the same reference returns the charge already registered (never a second one);
        the same reference with a different amount or method raises PluginError("idempotency_conflict").
        A `TimeoutError` means the outcome is unknown: the bank may have registered it, so retry.
        """

    @abstractmethod
    def fetch_charge(self, provider_reference: str, config: Mapping[str, Any]) -> ProviderCharge:
        """Ask the bank for the charge's current state (used by the sync job)."""

    @abstractmethod
    def parse_webhook(
        self, headers: Mapping[str, str], body: bytes, config: Mapping[str, Any]
    ) -> list[ProviderEvent]:
        """Verify the signature and parse the events; raise WebhookRejectedError when it does not verify."""

    def submit_payout(self, request: PayoutRequest, config: Mapping[str, Any]) -> ProviderPayout:
        """Send a payout. Must be idempotent on `request.idempotency_key` (a retry returns the same payout).

        The same key with a different amount or beneficiary raises PluginError("idempotency_conflict").
        A `TimeoutError` means the outcome is unknown: retry with the same key.
        """
        raise PluginError("payouts_not_supported")

    def fetch_payout(self, provider_reference: str, config: Mapping[str, Any]) -> ProviderPayout:
        """Ask the bank for the payout's current state."""
        raise PluginError("payouts_not_supported")

    def submit_refund(self, request: RefundRequest, config: Mapping[str, Any]) -> ProviderRefund:
        """Return part or all of a paid charge to its payer. Must be idempotent on
        `request.idempotency_key` (a retry returns the same refund, never a second one).

        Usually answers `pending` and reports the outcome later through a webhook event of kind
        "refund" (state confirmed or failed, `reference` = request.reference). The same key with a
        different amount or charge raises PluginError("idempotency_conflict"); a refund the bank cannot
        make (charge unknown or unpaid, more than is left of it) raises another PluginError. A
        `TimeoutError` means the outcome is unknown: retry with the same key.
        """
        raise PluginError("refunds_not_supported")

    def fetch_refund(self, provider_reference: str, config: Mapping[str, Any]) -> ProviderRefund:
        """Ask the bank for the refund's current state."""
        raise PluginError("refunds_not_supported")

    # MED (Mecanismo Especial de Devolução): a provider with `reports_med` tells Cofre of MED cases
    # about its paid PIX charges through a webhook event of kind "med" (`reference` = the charge's
    # reference, `provider_reference` = the case's reference, `state` a MedState value), and answers
    # `fetch_med_case` with the whole case (amount, reason, MED 2.0 tracked hops). A refund the case
    # calls for goes out through `submit_refund` like any other.
    reports_med: bool = False

    # PIX keys (API 1.1): a provider with `registers_pix_keys` registers a client's key with the central
    # directory (DICT) and reports money sent to it with no charge as webhook events of kind
    # "pix_credit" (`reference` = the key, `provider_reference` = the end-to-end id, `state`
    # "confirmed", `amount`, `currency`, `payer_name`, `payer_document`).
    registers_pix_keys: bool = False

    def register_pix_key(self, registration: PixKeyRegistration, config: Mapping[str, Any]) -> None:
        """Register the key (idempotent on `registration.key`); PluginError when the bank refuses it."""
        raise PluginError("pix_keys_not_supported")

    def remove_pix_key(self, key: str, config: Mapping[str, Any]) -> None:
        """Remove the key from the directory (a key the bank does not know is not an error)."""
        raise PluginError("pix_keys_not_supported")

    # MED decisions (API 1.2): a provider with `accepts_med_decisions` is told of Cofre's decision on
    # each of its MED cases (accepted with the amount refunded, or rejected with the reason) through
    # `report_med_decision`, idempotent on `report.idempotency_key`.
    accepts_med_decisions: bool = False

    def report_med_decision(self, report: MedDecisionReport, config: Mapping[str, Any]) -> None:
        """Tell the bank of the decision on a MED case. Idempotent on `report.idempotency_key` (a repeat
        changes nothing); a `TimeoutError` or a PluginError means it did not arrive: Cofre retries with
        the same report. The default raises PluginError("med_decisions_not_supported")."""
        raise PluginError("med_decisions_not_supported")

    # Payouts by file (API 1.2): a provider with `batch_payouts` writes approved payouts into a
    # remittance file for the bank (`build_remittance`) and reads the bank's return file
    # (`read_return`), one ReturnItem per line, named by RemittanceItem.reference. `pays_by_file`
    # says whether a configuration sends payouts only by file (then Cofre does not call submit_payout:
    # approved payouts wait for the next remittance).
    batch_payouts: bool = False

    def pays_by_file(self, config: Mapping[str, Any]) -> bool:
        """True when approved payouts go out in remittance files, not one by one (default: False)."""
        return False

    def build_remittance(self, remittance: Remittance, config: Mapping[str, Any]) -> RemittanceFile:
        """The remittance file for the bank. Deterministic for the same remittance and configuration;
        PluginError(code, field) when a payout cannot go in a file (e.g. a method the bank does not take)."""
        raise PluginError("batch_files_not_supported")

    def read_return(self, content: bytes, config: Mapping[str, Any]) -> list[ReturnItem]:
        """The bank's answer to each line of a return file, in file order; PluginError(code, "file",
        line=...) when the file is not a valid return (nothing is applied then)."""
        raise PluginError("batch_files_not_supported")

    # Simulated returns (API 1.3): a test bank (a sandbox) may answer a remittance it was sent with the
    # return file it would send back, so that an operator can complete the file cycle in a demo.
    # `simulates_returns` says whether this configuration may (never in production); the default: no.
    def simulates_returns(self, config: Mapping[str, Any]) -> bool:
        """True when `simulate_return` may be called for this configuration (default: False)."""
        return False

    def simulate_return(
        self, remittance: bytes, outcome: SimulatedReturn, config: Mapping[str, Any]
    ) -> RemittanceFile:
        """The return file the bank would send for `remittance` (a file `build_remittance` wrote),
        answered as `outcome` says; `read_return` reads it. The default raises
        PluginError("return_simulation_not_supported")."""
        raise PluginError("return_simulation_not_supported")

    def fetch_med_case(self, case_reference: str, config: Mapping[str, Any]) -> MedNotice:
        """The MED case `case_reference` as the bank knows it now (the same case for every notice of it).

        Raises PluginError("unknown_med_case") for a case it does not know; a provider that does not
        report MED raises PluginError("med_not_supported") (the default)."""
        raise PluginError("med_not_supported")
