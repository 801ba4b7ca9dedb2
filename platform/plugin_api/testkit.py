"""Contract tests any Cofre plugin can run against itself (built-in ones run them in tests/plugins).

    from plugin_api.testkit import check_payment_method, sample_charge_request

    def test_my_method_honours_the_contract():
        method = MyMethod()
        check_payment_method(method, sample_charge_request("mymethod"), {"api_key": "..."})

The checks raise AssertionError with a message naming the broken rule (they do not rely on `assert`,
so they also work under `python -O`). The kit uses only `plugin_api`: it carries its own minimal
check of a config schema's shape (the core checks the full subset when it loads the plugin).
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable, Mapping
from datetime import UTC, date, datetime, timedelta
from typing import Any

from plugin_api.contracts import (
    MED_MAX_HOPS,
    MED_REASONS,
    BankProvider,
    ChargeArtifacts,
    ChargeRequest,
    ChargeState,
    MedNotice,
    MedState,
    Payer,
    PaymentMethod,
    PayoutRequest,
    PayoutState,
    PluginError,
    ProviderCharge,
    ProviderEvent,
    ProviderPayout,
    ProviderRefund,
    RefundRequest,
    RefundState,
    Remittance,
    RemittanceFile,
    RemittanceItem,
    SimulatedReturn,
    WebhookRejectedError,
)

SignEvent = Callable[[ChargeRequest, ProviderCharge], tuple[Mapping[str, str], bytes]]
# A refund of the charge the kit created: a request, or a function of (charge request, charge) -> request.
SampleRefund = RefundRequest | Callable[[ChargeRequest, ProviderCharge], RefundRequest]

_CODE = re.compile(r"[a-z][a-z0-9_]{0,39}")
_CURRENCY = re.compile(r"[A-Z]{3}")
_SCALAR_TYPES = {"string": (str,), "integer": (int,), "number": (int, float), "boolean": (bool,)}
# How far apart two `expires_at` of the same request may be (they count from the current time).
EXPIRY_TOLERANCE = timedelta(seconds=60)

# A valid CPF (390.533.447-05) and a São Paulo address: enough for every built-in method.
SAMPLE_PAYER = Payer(
    name="Maria da Silva",
    document="39053344705",
    email="maria@example.com",
    street="Avenida Paulista",
    number="1000",
    complement="Apto 12",
    neighborhood="Bela Vista",
    city="São Paulo",
    state="SP",
    zipcode="01310100",
)


def _expect(condition: object, message: str) -> None:
    if not condition:
        raise AssertionError(message)


def _expect_refusal(call: Callable[[], object], what: str, *, code: str | None = None) -> PluginError:
    try:
        call()
    except PluginError as exc:
        _expect(code is None or exc.code == code, f"{what}: expected PluginError({code!r}), got {exc.code!r}")
        return exc
    raise AssertionError(f"{what}: expected a PluginError, nothing was raised")


# ------------------------------------------------------------------------------ samples
def sample_charge_request(method: str, **overrides: Any) -> ChargeRequest:
    """A valid-looking charge for `method` (R$ 123,45, due in a week, a CPF payer); override any field."""
    values: dict[str, Any] = {
        "reference": "dep_testkit_0001",
        "method": method,
        "amount": 12345,
        "currency": "BRL",
        "payer": SAMPLE_PAYER,
        "description": "Pedido 42",
        "due_date": date.today() + timedelta(days=7),  # noqa: DTZ011  (a week ahead in any zone)
        "merchant_name": "Loja Exemplo Ltda",
        "merchant_city": "São Paulo",
    }
    values.update(overrides)
    return ChargeRequest(**values)


def sample_payout_request(method: str = "pix", **overrides: Any) -> PayoutRequest:
    """A valid-looking payout (R$ 100,00 by PIX to a CPF key, or by TED to a Banco do Brasil account)."""
    values: dict[str, Any] = {
        "reference": "pay_testkit_0001",
        "idempotency_key": "idem_testkit_0001",
        "amount": 10000,
        "currency": "BRL",
        "method": method,
        "beneficiary_name": "João Souza",
        "beneficiary_document": "39053344705",
    }
    if method == "pix":
        values["pix_key"] = "39053344705"
    else:
        values.update(
            bank_compe="001", bank_ispb="00000000", agency="1234", account="567890", account_digit="1"
        )
        values["account_type"] = "checking"
    values.update(overrides)
    return PayoutRequest(**values)


def sample_refund_request(
    charge_request: ChargeRequest, charge: ProviderCharge, **overrides: Any
) -> RefundRequest:
    """A refund of half of `charge_request` (the provider answered it with `charge`); override any field."""
    values: dict[str, Any] = {
        "reference": "ref_testkit_0001",
        "idempotency_key": "idem_refund_testkit_0001",
        "charge_reference": charge_request.reference,
        "provider_charge_reference": charge.provider_reference,
        "amount": max(1, charge_request.amount // 2),
        "currency": charge_request.currency,
        "method": charge_request.method,
        "reason": "Pedido cancelado",
    }
    values.update(overrides)
    return RefundRequest(**values)


# ------------------------------------------------------------------------------ schema shape
def check_config_schema(schema: object) -> None:
    """A minimal shape check: an object schema whose properties have a scalar type and a default of
    that type, whose `required` names existing properties, and whose secrets are not defaulted."""
    _expect(isinstance(schema, Mapping), "config_schema must be a mapping")
    assert isinstance(schema, Mapping)  # for the type checker
    _expect(schema.get("type") == "object", 'config_schema["type"] must be "object"')
    properties = schema.get("properties", {})
    _expect(isinstance(properties, Mapping), "config_schema properties must be a mapping")
    for name, prop in properties.items():
        _expect(isinstance(prop, Mapping), f"property {name!r} must be a mapping")
        kind = prop.get("type")
        _expect(
            kind in _SCALAR_TYPES, f"property {name!r}: type {kind!r} is not one of {sorted(_SCALAR_TYPES)}"
        )
        if "default" in prop:
            default = prop["default"]
            ok = isinstance(default, _SCALAR_TYPES[kind]) and (
                kind == "boolean" or not isinstance(default, bool)
            )
            _expect(ok, f"property {name!r}: default {default!r} is not a {kind}")
            _expect(
                not prop.get("writeOnly"), f"property {name!r}: a write-only secret cannot have a default"
            )
        if "enum" in prop:
            _expect(prop["enum"], f"property {name!r}: enum must not be empty")
    required = schema.get("required", [])
    unknown = [name for name in required if name not in properties]
    _expect(not unknown, f"required names unknown properties: {unknown}")


def _check_identity(plugin: PaymentMethod | BankProvider) -> None:
    kind = type(plugin).__name__
    _expect(isinstance(getattr(plugin, "code", None), str), f"{kind}.code must be a string")
    _expect(_CODE.fullmatch(plugin.code), f"{kind}.code {plugin.code!r} must match {_CODE.pattern}")
    _expect(isinstance(getattr(plugin, "name", None), str) and plugin.name.strip(), f"{kind}.name is empty")
    check_config_schema(plugin.config_schema)


# ------------------------------------------------------------------------------ payment methods
def _same_artifacts(first: ChargeArtifacts, second: ChargeArtifacts, what: str) -> None:
    _expect(
        dataclasses.replace(first, expires_at=None) == dataclasses.replace(second, expires_at=None),
        f"{what}: prepare is not deterministic: {first!r} != {second!r}",
    )
    if first.expires_at is None or second.expires_at is None:
        _expect(first.expires_at == second.expires_at, f"{what}: expires_at set only sometimes")
    else:
        _expect(abs(first.expires_at - second.expires_at) <= EXPIRY_TOLERANCE, f"{what}: expires_at drifts")
        _expect(first.expires_at.tzinfo is not None, f"{what}: expires_at must be timezone-aware")


def check_payment_method(
    method: PaymentMethod, sample_request: ChargeRequest, config: Mapping[str, Any]
) -> ChargeArtifacts:
    """Check a payment method against the contract; returns the artifacts it prepared.

    `sample_request` must be a request the method accepts with `config` (defaults applied).
    """
    _expect(isinstance(method, PaymentMethod), f"{method!r} is not a PaymentMethod")
    _check_identity(method)
    what = f"payment method {method.code!r}"
    _expect(isinstance(method.currencies, frozenset) and method.currencies, f"{what}: currencies is empty")
    for currency in method.currencies:
        _expect(_CURRENCY.fullmatch(currency), f"{what}: {currency!r} is not an ISO currency code")
    _expect(
        sample_request.method == method.code, f"{what}: the sample request is for {sample_request.method!r}"
    )
    _expect(sample_request.currency in method.currencies, f"{what}: sample currency not accepted")
    method.check_config(config)

    _expect(method.validate(sample_request, config) is None, f"{what}: validate must return None")
    for amount in (0, -1):
        changed = dataclasses.replace(sample_request, amount=amount)
        _expect_refusal(functools.partial(method.validate, changed, config), f"{what}: amount {amount}")
    foreign = next(code for code in ("XXX", "XTS") if code not in method.currencies)
    _expect_refusal(
        lambda: method.validate(dataclasses.replace(sample_request, currency=foreign), config),
        f"{what}: currency {foreign}",
    )

    first = method.prepare(sample_request, config)
    _expect(isinstance(first, ChargeArtifacts), f"{what}: prepare must return ChargeArtifacts")
    _same_artifacts(first, method.prepare(sample_request, config), what)
    return first


# ------------------------------------------------------------------------------ bank providers
def _check_events(events: object, request: ChargeRequest, charge: ProviderCharge, what: str) -> None:
    _expect(isinstance(events, list) and events, f"{what}: parse_webhook must return a non-empty list")
    assert isinstance(events, list)
    for event in events:
        _expect(isinstance(event, ProviderEvent), f"{what}: {event!r} is not a ProviderEvent")
        _expect(event.event_id, f"{what}: an event has no event_id")
        _expect(event.kind in ("charge", "payout", "refund"), f"{what}: event kind {event.kind!r}")
        _expect(
            isinstance(event.occurred_at, datetime) and event.occurred_at.tzinfo, f"{what}: naive occurred_at"
        )
        if event.kind == "charge":
            _expect(event.state in set(ChargeState), f"{what}: charge state {event.state!r}")
            _expect(event.reference == request.reference, f"{what}: event for another reference")
            _expect(event.provider_reference == charge.provider_reference, f"{what}: provider reference")
        elif event.kind == "refund":
            _expect(event.state in set(RefundState), f"{what}: refund state {event.state!r}")


def _check_webhooks(
    provider: BankProvider,
    sample_request: ChargeRequest,
    charge: ProviderCharge,
    config: Mapping[str, Any],
    sign_event: SignEvent | None,
) -> None:
    what = f"bank provider {provider.code!r}"
    unsigned: tuple[dict[str, str], ...] = ({}, {"X-Signature": "t=1,v1=00"})
    for bogus in unsigned:
        try:
            provider.parse_webhook(bogus, b'{"events": []}', config)
        except WebhookRejectedError:
            continue
        raise AssertionError(f"{what}: an unsigned webhook was accepted (headers {bogus})")
    if sign_event is None:
        return
    headers, body = sign_event(sample_request, charge)
    _check_events(provider.parse_webhook(headers, body, config), sample_request, charge, what)
    tampered = body.replace(b"}", b" }", 1) if b"}" in body else body + b" "
    try:
        provider.parse_webhook(headers, tampered, config)
    except WebhookRejectedError:
        pass
    else:
        raise AssertionError(f"{what}: a webhook whose body was changed after signing was accepted")
    try:
        provider.parse_webhook(headers, body, {**config, **_other_secrets(config)})
    except WebhookRejectedError:
        pass
    else:
        raise AssertionError(f"{what}: a webhook signed with another secret was accepted")


def _other_secrets(config: Mapping[str, Any]) -> dict[str, Any]:
    # Any string setting whose name says it is a secret gets another value.
    return {
        name: "x" * max(16, len(value)) + "-other"
        for name, value in config.items()
        if isinstance(value, str) and "secret" in name
    }


def _create(
    provider: BankProvider, request: ChargeRequest, artifacts: ChargeArtifacts, config: Mapping[str, Any]
) -> ProviderCharge:
    try:
        return provider.create_charge(request, artifacts, config)
    except TimeoutError:
        # The bank may have registered it: the retry with the same reference must return that charge.
        return provider.create_charge(request, artifacts, config)


def _check_payouts(provider: BankProvider, sample_payout: PayoutRequest, config: Mapping[str, Any]) -> None:
    what = f"bank provider {provider.code!r}"
    _expect(sample_payout.method in provider.payout_methods, f"{what}: sample payout method not offered")
    try:
        first = provider.submit_payout(sample_payout, config)
    except TimeoutError:
        first = provider.submit_payout(sample_payout, config)
    _expect(isinstance(first, ProviderPayout), f"{what}: submit_payout must return a ProviderPayout")
    _expect(first.state in set(PayoutState), f"{what}: payout state {first.state!r}")
    again = provider.submit_payout(sample_payout, config)
    _expect(
        again.provider_reference == first.provider_reference,
        f"{what}: submit_payout is not idempotent: the same key made a second payout",
    )
    changed = dataclasses.replace(sample_payout, amount=sample_payout.amount + 1)
    _expect_refusal(
        lambda: provider.submit_payout(changed, config),
        f"{what}: the same idempotency key with another amount",
        code="idempotency_conflict",
    )
    fetched = provider.fetch_payout(first.provider_reference, config)
    _expect(fetched.provider_reference == first.provider_reference, f"{what}: fetch_payout answered another")


def _check_refunds(provider: BankProvider, sample_refund: RefundRequest, config: Mapping[str, Any]) -> None:
    what = f"bank provider {provider.code!r}"
    _expect(sample_refund.method in provider.refund_methods, f"{what}: sample refund method not refunded")
    _expect(sample_refund.amount > 0, f"{what}: the sample refund needs a positive amount")
    try:
        first = provider.submit_refund(sample_refund, config)
    except TimeoutError:
        # The bank may have recorded it: the retry with the same key must return that refund.
        first = provider.submit_refund(sample_refund, config)
    _expect(isinstance(first, ProviderRefund), f"{what}: submit_refund must return a ProviderRefund")
    _expect(first.provider_reference, f"{what}: submit_refund returned no provider_reference")
    _expect(first.state in set(RefundState), f"{what}: refund state {first.state!r}")
    again = provider.submit_refund(sample_refund, config)
    _expect(
        again.provider_reference == first.provider_reference,
        f"{what}: submit_refund is not idempotent: the same key made a second refund",
    )
    other_amount = sample_refund.amount - 1 if sample_refund.amount > 1 else sample_refund.amount + 1
    changed = dataclasses.replace(sample_refund, amount=other_amount)
    _expect_refusal(
        lambda: provider.submit_refund(changed, config),
        f"{what}: the same refund idempotency key with another amount",
        code="idempotency_conflict",
    )
    fetched = provider.fetch_refund(first.provider_reference, config)
    _expect(isinstance(fetched, ProviderRefund), f"{what}: fetch_refund must return a ProviderRefund")
    _expect(fetched.provider_reference == first.provider_reference, f"{what}: fetch_refund answered another")


def check_bank_provider(
    provider: BankProvider,
    sample_request: ChargeRequest,
    artifacts: ChargeArtifacts,
    config: Mapping[str, Any],
    *,
    sign_event: SignEvent | None = None,
    sample_payout: PayoutRequest | None = None,
    sample_refund: SampleRefund | None = None,
) -> ProviderCharge:
    """Check a bank provider against the contract; returns the charge it created.

    Creates `sample_request` twice (one charge, same provider reference), fetches it, checks that
    unsigned webhooks are rejected and, with `sign_event(request, charge) -> (headers, body)` making a
    genuinely signed webhook for the charge, that it parses and that tampering is rejected. With
    `sample_payout`, checks payout idempotency and the conflict on a reused key.

    Refunds: a provider that declares `refund_methods` must be given `sample_refund` (a RefundRequest,
    or `f(request, charge) -> RefundRequest` for the charge just created and, with `sign_event`, paid;
    see `sample_refund_request`): the kit checks refund idempotency (a retry after a TimeoutError
    included), the conflict on a reused key and `fetch_refund`. A provider without `refund_methods`
    must refuse `submit_refund` with PluginError("refunds_not_supported").
    """
    _expect(isinstance(provider, BankProvider), f"{provider!r} is not a BankProvider")
    _check_identity(provider)
    what = f"bank provider {provider.code!r}"
    _expect(isinstance(provider.methods, frozenset) and provider.methods, f"{what}: methods is empty")
    _expect(isinstance(provider.payout_methods, frozenset), f"{what}: payout_methods must be a frozenset")
    _expect(isinstance(provider.refund_methods, frozenset), f"{what}: refund_methods must be a frozenset")
    _expect(
        provider.refund_methods <= provider.methods,
        f"{what}: refund_methods {sorted(provider.refund_methods - provider.methods)} are not collected",
    )
    _expect(sample_request.method in provider.methods, f"{what}: sample method not collected")
    provider.check_config(config)

    charge = _create(provider, sample_request, artifacts, config)
    _expect(isinstance(charge, ProviderCharge), f"{what}: create_charge must return a ProviderCharge")
    _expect(charge.provider_reference, f"{what}: create_charge returned no provider_reference")
    _expect(charge.state in set(ChargeState), f"{what}: charge state {charge.state!r}")
    again = provider.create_charge(sample_request, artifacts, config)
    _expect(
        again.provider_reference == charge.provider_reference,
        f"{what}: create_charge is not idempotent: the same reference made a second charge",
    )
    fetched = provider.fetch_charge(charge.provider_reference, config)
    _expect(fetched.provider_reference == charge.provider_reference, f"{what}: fetch_charge answered another")
    _check_webhooks(provider, sample_request, charge, config, sign_event)

    if sample_payout is not None:
        _check_payouts(provider, sample_payout, config)
    elif not provider.payout_methods:
        _expect_refusal(
            lambda: provider.submit_payout(sample_payout_request(), config),
            f"{what}: a provider without payout methods",
            code="payouts_not_supported",
        )

    if provider.refund_methods:
        _expect(
            sample_refund is not None,
            f"{what}: it declares refund_methods: pass sample_refund so the kit checks submit_refund",
        )
        refund = sample_refund(sample_request, charge) if callable(sample_refund) else sample_refund
        assert refund is not None  # for the type checker
        _check_refunds(provider, refund, config)
    else:
        _expect_refusal(
            lambda: provider.submit_refund(sample_refund_request(sample_request, charge), config),
            f"{what}: a provider without refund methods",
            code="refunds_not_supported",
        )
    return charge


# raise_case() -> (charge reference, signed webhook headers, body): a MED case the bank opened on a
# charge it was paid, as the bank's own test mode raises one.
RaiseMedCase = Callable[[], tuple[str, Mapping[str, str], bytes]]


def _check_med_notice(notice: object, charge_reference: str, case_reference: str, what: str) -> None:
    _expect(isinstance(notice, MedNotice), f"{what}: fetch_med_case must return a MedNotice")
    assert isinstance(notice, MedNotice)
    _expect(notice.case_reference == case_reference, f"{what}: fetch_med_case answered another case")
    _expect(notice.charge_reference == charge_reference, f"{what}: the case names another charge")
    _expect(notice.provider_charge_reference, f"{what}: the case has no provider_charge_reference")
    _expect(type(notice.amount) is int and notice.amount > 0, f"{what}: MED amount must be positive centavos")
    _expect(_CURRENCY.fullmatch(notice.currency or ""), f"{what}: MED currency {notice.currency!r}")
    _expect(
        notice.reason in MED_REASONS, f"{what}: MED reason {notice.reason!r} not in {sorted(MED_REASONS)}"
    )
    _expect(notice.state in set(MedState), f"{what}: MED state {notice.state!r}")
    _expect(
        isinstance(notice.reported_at, datetime) and notice.reported_at.tzinfo, f"{what}: naive reported_at"
    )
    _expect(isinstance(notice.hops, tuple), f"{what}: hops must be a tuple")
    _expect(len(notice.hops) <= MED_MAX_HOPS, f"{what}: more than {MED_MAX_HOPS} hops traced")
    for index, hop in enumerate(notice.hops, start=1):
        _expect(hop.depth == index, f"{what}: hop depths must run 1..n in order")
        _expect(re.fullmatch(r"[0-9]{8}", hop.ispb or ""), f"{what}: hop {index} ISPB {hop.ispb!r}")
        _expect(type(hop.amount) is int and hop.amount >= 0, f"{what}: hop {index} amount")
        _expect(hop.amount <= notice.amount, f"{what}: hop {index} traced more than was disputed")


def check_med_reports(
    provider: BankProvider, config: Mapping[str, Any], raise_case: RaiseMedCase | None
) -> None:
    """Check the MED capability. A provider with `reports_med` must be given `raise_case`: the kit
    parses the case's webhook (one event of kind "med", state a MedState, `reference` = the charge),
    fetches the case twice (the same case each time: notices of one case are one case), checks its
    shape (positive amount, a known reason, at most 5 hops with depths 1..n) and that an unknown case
    is refused. A provider without `reports_med` must refuse with PluginError("med_not_supported")."""
    what = f"bank provider {provider.code!r}"
    _expect(isinstance(provider.reports_med, bool), f"{what}: reports_med must be a bool")
    if not provider.reports_med:
        _expect_refusal(
            lambda: provider.fetch_med_case("med_unknown", config),
            f"{what}: a provider that does not report MED",
            code="med_not_supported",
        )
        return
    _expect(raise_case is not None, f"{what}: it reports MED: pass raise_case so the kit checks it")
    assert raise_case is not None
    charge_reference, headers, body = raise_case()
    events = provider.parse_webhook(headers, body, config)
    _expect(isinstance(events, list) and len(events) >= 1, f"{what}: a MED webhook must carry an event")
    med = [event for event in events if isinstance(event, ProviderEvent) and event.kind == "med"]
    _expect(med, f"{what}: the MED webhook has no event of kind 'med'")
    event = med[0]
    _expect(event.event_id, f"{what}: the MED event has no event_id")
    _expect(event.state in set(MedState), f"{what}: MED event state {event.state!r}")
    _expect(event.reference == charge_reference, f"{what}: the MED event names another charge")
    _expect(event.provider_reference, f"{what}: the MED event has no case reference")
    first = provider.fetch_med_case(event.provider_reference, config)
    _check_med_notice(first, charge_reference, event.provider_reference, what)
    again = provider.fetch_med_case(event.provider_reference, config)
    _expect(
        again.case_reference == first.case_reference and again.amount == first.amount,
        f"{what}: fetch_med_case is not stable: the same case answered differently",
    )
    _expect_refusal(
        lambda: provider.fetch_med_case("med_does_not_exist", config),
        f"{what}: an unknown MED case",
        code="unknown_med_case",
    )


def check_batch_payouts(
    provider: BankProvider,
    config: Mapping[str, Any],
    payouts: list[PayoutRequest],
    answer: Callable[[bytes, Mapping[str, str]], bytes],
) -> None:
    """Payouts by file (API 1.2), for a provider with `batch_payouts`: `build_remittance` gives the same
    file for the same remittance, and the return `answer(remittance_bytes, {reference: code})` gives
    (the bank's answer, one line refused) reads back with `read_return` as one ReturnItem per line,
    named by its reference: the refused one `failed`, the others `confirmed`, amounts as sent. A
    return that is not one is refused with a PluginError. A provider without `batch_payouts` must
    refuse both calls with `batch_files_not_supported`."""
    now = datetime(2026, 11, 27, 10, 0, tzinfo=UTC)
    items = tuple(RemittanceItem(f"KIT{n:017d}", payout) for n, payout in enumerate(payouts, start=1))
    remittance = Remittance(
        reference="bat_testkit", sequence=1, created_at=now, pay_on=now.date(), items=items
    )
    if not provider.batch_payouts:
        _expect_refusal(lambda: provider.build_remittance(remittance, config), "build_remittance",
                        code="batch_files_not_supported")  # fmt: skip
        _expect_refusal(
            lambda: provider.read_return(b"", config), "read_return", code="batch_files_not_supported"
        )
        return
    _expect(len(items) >= 2, "check_batch_payouts: pass at least two payouts (one is refused)")
    written = provider.build_remittance(remittance, config)
    _expect(
        isinstance(written, RemittanceFile) and written.content,
        "build_remittance must return a RemittanceFile",
    )
    again = provider.build_remittance(remittance, config)
    _expect(
        again.content == written.content, "build_remittance must be deterministic for the same remittance"
    )
    refused = items[0].reference
    read = provider.read_return(answer(written.content, {refused: "AN"}), config)
    _expect(
        sorted(i.reference for i in read) == sorted(i.reference for i in items),
        "read_return must answer one ReturnItem per line, by RemittanceItem.reference",
    )
    amounts = {i.reference: i.payout.amount for i in items}
    for item in read:
        want = PayoutState.FAILED if item.reference == refused else PayoutState.CONFIRMED
        _expect(
            item.state == want, f"read_return: line {item.reference} should be {want.value}, not {item.state}"
        )
        _expect(item.amount == amounts[item.reference], f"read_return: line {item.reference} amount differs")
    _expect_refusal(lambda: provider.read_return(b"not a return file", config), "read_return of a bad file")


def check_simulated_returns(
    provider: BankProvider, config: Mapping[str, Any], payouts: list[PayoutRequest]
) -> None:
    """Simulated returns (API 1.3), for a test bank with `batch_payouts`: when `simulates_returns(config)`,
    `simulate_return` answers a remittance `build_remittance` wrote with a return `read_return` reads,
    one ReturnItem per line: `all_paid` every line confirmed, `all_rejected` every line failed,
    `some_rejected` at least one of each (with two lines or more), `scheduled` every line processing;
    a file that is not a remittance is refused with a PluginError. When it does not simulate, the call
    must refuse with `return_simulation_not_supported` (the default)."""
    now = datetime(2026, 11, 27, 10, 0, tzinfo=UTC)
    items = tuple(RemittanceItem(f"SIM{n:017d}", payout) for n, payout in enumerate(payouts, start=1))
    remittance = Remittance(
        reference="bat_testkit", sequence=1, created_at=now, pay_on=now.date(), items=items
    )
    if not provider.simulates_returns(config):
        _expect_refusal(
            lambda: provider.simulate_return(b"", SimulatedReturn.ALL_PAID, config),
            "simulate_return",
            code="return_simulation_not_supported",
        )
        return
    _expect(len(items) >= 2, "check_simulated_returns: pass at least two payouts")
    written = provider.build_remittance(remittance, config)
    expected = {
        SimulatedReturn.ALL_PAID: {PayoutState.CONFIRMED},
        SimulatedReturn.ALL_REJECTED: {PayoutState.FAILED},
        SimulatedReturn.SOME_REJECTED: {PayoutState.CONFIRMED, PayoutState.FAILED},
        SimulatedReturn.SCHEDULED: {PayoutState.PROCESSING},
    }
    for outcome, states in expected.items():
        answer = provider.simulate_return(written.content, outcome, config)
        _expect(
            isinstance(answer, RemittanceFile) and answer.content,
            f"simulate_return({outcome.value}) must return a RemittanceFile",
        )
        read = provider.read_return(answer.content, config)
        _expect(
            sorted(i.reference for i in read) == sorted(i.reference for i in items),
            f"simulate_return({outcome.value}): one line per payout, by RemittanceItem.reference",
        )
        seen = {i.state for i in read}
        _expect(
            seen == states, f"simulate_return({outcome.value}): lines {sorted(seen)}, not {sorted(states)}"
        )
    _expect_refusal(
        lambda: provider.simulate_return(b"not a remittance", SimulatedReturn.ALL_PAID, config),
        "simulate_return of a bad file",
    )
