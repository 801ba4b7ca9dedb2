"""The sandbox bank: its own state, idempotency, every scenario's webhooks, signatures, payouts,
card tokenization, and the delivery actor POSTing to a real HTTP server."""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone

from cofre_sandbox_bank import tasks
from cofre_sandbox_bank.delivery import WebhookDeliveryError, deliver
from cofre_sandbox_bank.models import SandboxCardToken, SandboxCharge, SandboxPayout, SandboxWebhookDelivery
from cofre_sandbox_bank.provider import SandboxBank, default_webhook_url, plan_events
from cofre_sandbox_bank.testing import SIGNATURE_HEADER, deliver_now, sign, tokenize
from gateway.registry import Registry
from plugin_api import (
    ChargeArtifacts,
    ChargeRequest,
    ChargeState,
    PayoutState,
    PluginError,
    ProviderEvent,
    WebhookRejectedError,
)
from plugin_api.testkit import sample_charge_request, sample_payout_request
from tests.plugins.helpers import SANDBOX_SECRET, Receiver

pytestmark = pytest.mark.django_db

BANK = SandboxBank()
Config = dict[str, Any]


def charge(
    reference: str, scenario: str | None = None, *, method: str = "pix", **overrides: Any
) -> ChargeRequest:
    extra = {"sandbox_scenario": scenario} if scenario else {}
    return sample_charge_request(method, reference=reference, extra=extra, **overrides)


def events_of(reference: str, config: Config) -> list[ProviderEvent]:
    """What Cofre would receive now: every pending webhook, verified and parsed."""
    return [
        event
        for headers, body in deliver_now(reference)
        for event in BANK.parse_webhook(headers, body, config)
    ]


# ------------------------------------------------------------------------------ configuration
def test_config_defaults(registry: Registry) -> None:
    properties = registry.provider("sandbox_bank").config_schema["properties"]
    assert properties["webhook_secret"]["writeOnly"] is True
    assert properties["webhook_secret"]["minLength"] == 16
    assert properties["confirm_delay_seconds"]["default"] == 3
    assert properties["default_scenario"]["default"] == "confirm"
    assert (
        properties["webhook_url"]["default"] == f"http://127.0.0.1:{settings.PORT}/api/webhooks/sandbox_bank"
    )


def test_the_webhook_url_default_follows_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SANDBOX_WEBHOOK_URL", "http://cofre.internal/api/webhooks/sandbox_bank")
    assert default_webhook_url() == "http://cofre.internal/api/webhooks/sandbox_bank"
    assert SandboxBank().config_schema["properties"]["webhook_url"]["default"] == default_webhook_url()


def test_a_secret_is_required(sandbox_config: Config) -> None:
    with pytest.raises(PluginError, match="required"):
        BANK.create_charge(
            charge("dep_nosecret"), ChargeArtifacts(), {**sandbox_config, "webhook_secret": ""}
        )


# ------------------------------------------------------------------------------ charges
def test_create_charge_is_idempotent_on_the_reference(sandbox_config: Config) -> None:
    first = BANK.create_charge(charge("dep_idem"), ChargeArtifacts(txid="T1"), sandbox_config)
    again = BANK.create_charge(charge("dep_idem"), ChargeArtifacts(txid="T1"), sandbox_config)
    assert again == first
    assert first.state == ChargeState.PENDING
    assert first.provider_reference.startswith("sbx_ch_")
    assert SandboxCharge.objects.filter(reference="dep_idem").count() == 1
    assert SandboxWebhookDelivery.objects.filter(reference="dep_idem").count() == 1  # no second webhook
    assert SandboxCharge.objects.get(reference="dep_idem").txid == "T1"


def test_the_same_reference_for_another_charge_is_a_conflict(sandbox_config: Config) -> None:
    BANK.create_charge(charge("dep_conflict"), ChargeArtifacts(), sandbox_config)
    with pytest.raises(PluginError) as error:
        BANK.create_charge(charge("dep_conflict", amount=1), ChargeArtifacts(), sandbox_config)
    assert (error.value.code, error.value.field) == ("idempotency_conflict", "reference")


def test_fetch_charge_reports_the_banks_own_state(sandbox_config: Config) -> None:
    created = BANK.create_charge(charge("dep_fetch"), ChargeArtifacts(), sandbox_config)
    assert BANK.fetch_charge(created.provider_reference, sandbox_config).state == ChargeState.PENDING
    deliver_now("dep_fetch")  # the bank confirms, then tells Cofre
    fetched = BANK.fetch_charge(created.provider_reference, sandbox_config)
    assert fetched.state == ChargeState.CONFIRMED
    assert fetched.paid_amount == 12345
    assert fetched.paid_at is not None
    with pytest.raises(PluginError, match="unknown_charge"):
        BANK.fetch_charge("sbx_ch_nope", sandbox_config)


@pytest.mark.parametrize(
    ("scenario", "states", "final"),
    [
        ("confirm", ["confirmed"], "confirmed"),
        ("fail", ["failed"], "failed"),
        ("expire", ["expired"], "expired"),
        ("never", [], "pending"),
        ("duplicate", ["confirmed", "confirmed"], "confirmed"),
        ("out_of_order", ["confirmed", "pending"], "confirmed"),
    ],
)
def test_each_charge_scenario_sends_its_events(
    scenario: str, states: list[str], final: str, sandbox_config: Config
) -> None:
    reference = f"dep_{scenario}"
    created = BANK.create_charge(charge(reference, scenario), ChargeArtifacts(), sandbox_config)
    assert created.state == ChargeState.PENDING
    events = events_of(reference, sandbox_config)
    assert [event.state for event in events] == states
    assert all(e.kind == "charge" and e.reference == reference for e in events)
    assert all(e.provider_reference == created.provider_reference for e in events)
    assert BANK.fetch_charge(created.provider_reference, sandbox_config).state == final
    assert events_of(reference, sandbox_config) == []  # each webhook is delivered once
    if scenario == "duplicate":
        assert events[0].event_id == events[1].event_id
        assert events[0] == events[1]
    if scenario == "out_of_order":
        assert events[1].occurred_at < events[0].occurred_at  # a stale event arriving late
        assert events[0].event_id != events[1].event_id
    if scenario == "fail":
        assert events[0].reason == "rejected_by_bank"
        assert events[0].amount is None
    if scenario == "confirm":
        assert events[0].amount == 12345


def test_the_timeout_scenario_records_the_charge_but_answers_too_late(sandbox_config: Config) -> None:
    request = charge("dep_timeout", "timeout")
    with pytest.raises(TimeoutError):
        BANK.create_charge(request, ChargeArtifacts(), sandbox_config)
    recorded = SandboxCharge.objects.get(reference="dep_timeout")
    retry = BANK.create_charge(request, ChargeArtifacts(), sandbox_config)  # the retry does not time out
    assert retry.provider_reference == recorded.provider_reference
    assert SandboxCharge.objects.filter(reference="dep_timeout").count() == 1
    assert [event.state for event in events_of("dep_timeout", sandbox_config)] == ["confirmed"]


def test_the_configured_default_scenario_applies_and_unknown_ones_are_refused(sandbox_config: Config) -> None:
    BANK.create_charge(
        charge("dep_default"), ChargeArtifacts(), {**sandbox_config, "default_scenario": "fail"}
    )
    assert [event.state for event in events_of("dep_default", sandbox_config)] == ["failed"]
    with pytest.raises(PluginError) as error:
        BANK.create_charge(charge("dep_bad", "explode"), ChargeArtifacts(), sandbox_config)
    assert (error.value.code, error.value.field) == ("invalid_scenario", "extra.sandbox_scenario")
    with pytest.raises(PluginError, match="invalid_scenario"):
        BANK.create_charge(charge("dep_rev", "reverse"), ChargeArtifacts(), sandbox_config)  # payouts only


def test_events_are_planned_after_the_configured_delay() -> None:
    now = timezone.now()
    planned = plan_events("charge", "out_of_order", now=now, delay=timedelta(seconds=3))
    assert [(p.state, p.send_at - now) for p in planned] == [
        ("confirmed", timedelta(seconds=3)),
        ("pending", timedelta(seconds=4)),
    ]
    assert [p.applies_state for p in planned] == [True, False]
    reverse = plan_events("payout", "reverse", now=now, delay=timedelta(seconds=3))
    assert [(p.state, p.send_at - now) for p in reverse] == [
        ("confirmed", timedelta(seconds=3)),
        ("reversed", timedelta(seconds=6)),
    ]


# ------------------------------------------------------------------------------ cards
def test_an_approved_card_is_confirmed_at_once_with_brand_and_last4(sandbox_config: Config) -> None:
    request = charge("dep_card_ok", method="card", card_token=tokenize("5555 5555 5555 4444"))
    created = BANK.create_charge(request, ChargeArtifacts(), sandbox_config)
    assert created.state == ChargeState.CONFIRMED
    assert created.paid_amount == 12345
    assert created.artifacts == ChargeArtifacts(card_brand="mastercard", card_last4="4444")
    events = events_of("dep_card_ok", sandbox_config)
    assert [event.state for event in events] == ["confirmed"]


def test_the_declining_test_card_fails_with_card_declined(sandbox_config: Config) -> None:
    request = charge("dep_card_no", method="card", card_token=tokenize("4000000000000002"))
    created = BANK.create_charge(request, ChargeArtifacts(), sandbox_config)
    assert (created.state, created.reason) == (ChargeState.FAILED, "card_declined")
    assert created.paid_amount is None
    assert created.artifacts == ChargeArtifacts(card_brand="visa", card_last4="0002")
    [event] = events_of("dep_card_no", sandbox_config)
    assert (event.state, event.reason) == ("failed", "card_declined")


def test_an_unknown_card_token_is_refused(sandbox_config: Config) -> None:
    for token in ("tok_unknown", ""):
        with pytest.raises(PluginError) as error:
            BANK.create_charge(
                charge("dep_card_x", method="card", card_token=token), ChargeArtifacts(), sandbox_config
            )
        assert (error.value.code, error.value.field) == ("card_token_invalid", "card_token")
    assert not SandboxCharge.objects.filter(reference="dep_card_x").exists()


# ------------------------------------------------------------------------------ signatures
def test_a_good_signature_verifies(sandbox_config: Config) -> None:
    BANK.create_charge(charge("dep_sig"), ChargeArtifacts(), sandbox_config)
    [(headers, body)] = deliver_now("dep_sig")
    assert set(headers) == {"Content-Type", SIGNATURE_HEADER}
    [event] = BANK.parse_webhook(headers, body, sandbox_config)
    assert event.reference == "dep_sig"
    # Header names in any case, or as WSGI META keys, are accepted.
    assert BANK.parse_webhook({"x-sandbox-signature": headers[SIGNATURE_HEADER]}, body, sandbox_config)
    assert BANK.parse_webhook({"HTTP_X_SANDBOX_SIGNATURE": headers[SIGNATURE_HEADER]}, body, sandbox_config)


def _signed(body: bytes, *, secret: str = SANDBOX_SECRET, age: int = 0) -> dict[str, str]:
    return {SIGNATURE_HEADER: sign(secret, body, int(time.time()) - age)}


VALID_BODY = json.dumps(
    {
        "events": [
            {
                "event_id": "evt_1",
                "kind": "charge",
                "reference": "dep_1",
                "provider_reference": "sbx_ch_1",
                "state": "confirmed",
                "occurred_at": "2026-01-02T03:04:05+00:00",
                "amount": 100,
                "reason": "",
            }
        ]
    }
).encode()


def _resigned(body: bytes) -> tuple[dict[str, str], bytes]:
    return _signed(body), body


# Built when the test runs (a signature made at collection time could be stale by then).
REJECTED: dict[str, tuple[Callable[[], tuple[dict[str, str], bytes]], str]] = {
    "no header": (lambda: ({}, VALID_BODY), "signature_missing"),
    "no timestamp": (lambda: ({SIGNATURE_HEADER: "v1=abc"}, VALID_BODY), "signature_malformed"),
    "bad timestamp": (lambda: ({SIGNATURE_HEADER: "t=abc,v1=abc"}, VALID_BODY), "signature_malformed"),
    "other secret": (
        lambda: (_signed(VALID_BODY, secret="another-secret-value-0001"), VALID_BODY),
        "signature_invalid",
    ),
    "body changed": (lambda: (_signed(VALID_BODY), VALID_BODY.replace(b"100", b"999")), "signature_invalid"),
    "stale": (lambda: (_signed(VALID_BODY, age=301), VALID_BODY), "signature_stale"),
    "from the future": (lambda: (_signed(VALID_BODY, age=-301), VALID_BODY), "signature_stale"),
    "not json": (lambda: _resigned(b"{not json"), "payload_invalid"),
    "no events": (lambda: _resigned(b'{"events": []}'), "payload_invalid"),
    "unknown state": (lambda: _resigned(VALID_BODY.replace(b"confirmed", b"paid")), "payload_invalid"),
    "naive time": (lambda: _resigned(VALID_BODY.replace(b"+00:00", b"")), "payload_invalid"),
    "amount as text": (lambda: _resigned(VALID_BODY.replace(b"100", b'"100"')), "payload_invalid"),
}


@pytest.mark.parametrize("case", REJECTED)
def test_bad_or_stale_signatures_and_malformed_payloads_are_rejected(
    case: str, sandbox_config: Config
) -> None:
    make, code = REJECTED[case]
    headers, body = make()
    with pytest.raises(WebhookRejectedError) as error:
        BANK.parse_webhook(headers, body, sandbox_config)
    assert error.value.code == code


def test_a_signature_just_inside_the_window_verifies_and_rotation_is_supported(
    sandbox_config: Config,
) -> None:
    assert BANK.parse_webhook(_signed(VALID_BODY, age=290), VALID_BODY, sandbox_config)
    timestamp = int(time.time())
    old = sign("old-secret-value-00001", VALID_BODY, timestamp).split(",")[1]
    both = f"{sign(SANDBOX_SECRET, VALID_BODY, timestamp)},{old}"
    assert BANK.parse_webhook({SIGNATURE_HEADER: both}, VALID_BODY, sandbox_config)


def test_no_configured_secret_rejects_everything() -> None:
    with pytest.raises(WebhookRejectedError, match="webhook_secret_not_configured"):
        BANK.parse_webhook(_signed(VALID_BODY), VALID_BODY, {})


# ------------------------------------------------------------------------------ payouts
def test_submit_payout_is_idempotent_on_the_key(sandbox_config: Config) -> None:
    request = sample_payout_request("pix", idempotency_key="idem_1")
    first = BANK.submit_payout(request, sandbox_config)
    assert first.state == PayoutState.PROCESSING
    assert BANK.submit_payout(request, sandbox_config) == first
    assert SandboxPayout.objects.filter(idempotency_key="idem_1").count() == 1
    assert SandboxWebhookDelivery.objects.filter(kind="payout", reference=request.reference).count() == 1


@pytest.mark.parametrize(
    "change",
    [{"amount": 10001}, {"beneficiary_document": "11222333000181"}, {"pix_key": "loja@example.com"}],
)
def test_the_same_key_for_another_payout_is_a_conflict(
    change: dict[str, Any], sandbox_config: Config
) -> None:
    request = sample_payout_request("pix", idempotency_key="idem_2")
    BANK.submit_payout(request, sandbox_config)
    with pytest.raises(PluginError) as error:
        BANK.submit_payout(dataclasses.replace(request, **change), sandbox_config)
    assert (error.value.code, error.value.field) == ("idempotency_conflict", "idempotency_key")
    assert SandboxPayout.objects.filter(idempotency_key="idem_2").count() == 1


@pytest.mark.parametrize(
    ("scenario", "states", "final"),
    [
        ("confirm", ["confirmed"], "confirmed"),
        ("fail", ["failed"], "failed"),
        ("reverse", ["confirmed", "reversed"], "reversed"),
        ("never", [], "processing"),
        ("duplicate", ["confirmed", "confirmed"], "confirmed"),
        ("out_of_order", ["confirmed", "processing"], "confirmed"),
    ],
)
def test_each_payout_scenario_sends_its_events(
    scenario: str, states: list[str], final: str, sandbox_config: Config
) -> None:
    request = sample_payout_request(
        "ted",
        reference=f"pay_{scenario}",
        idempotency_key=f"idem_{scenario}",
        extra={"sandbox_scenario": scenario},
    )
    submitted = BANK.submit_payout(request, sandbox_config)
    events = events_of(request.reference, sandbox_config)
    assert [event.state for event in events] == states
    assert all(e.kind == "payout" and e.provider_reference == submitted.provider_reference for e in events)
    assert BANK.fetch_payout(submitted.provider_reference, sandbox_config).state == final
    if scenario == "reverse":
        assert events[1].reason == "returned_by_beneficiary_bank"
        assert (
            BANK.fetch_payout(submitted.provider_reference, sandbox_config).reason
            == "returned_by_beneficiary_bank"
        )


def test_a_payout_timeout_records_it_and_the_retry_returns_it(sandbox_config: Config) -> None:
    request = sample_payout_request(
        "pix", idempotency_key="idem_timeout", extra={"sandbox_scenario": "timeout"}
    )
    with pytest.raises(TimeoutError):
        BANK.submit_payout(request, sandbox_config)
    retry = BANK.submit_payout(request, sandbox_config)
    assert (
        retry.provider_reference
        == SandboxPayout.objects.get(idempotency_key="idem_timeout").provider_reference
    )
    with pytest.raises(PluginError, match="unknown_payout"):
        BANK.fetch_payout("sbx_po_nope", sandbox_config)


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"method": "doc"}, ("unsupported_method", "method")),
        ({"currency": "USD"}, ("unsupported_currency", "currency")),
        ({"amount": 0}, ("invalid_amount", "amount")),
        ({"beneficiary_document": "123"}, ("invalid_document", "beneficiary_document")),
        ({"pix_key": "not-a-key"}, ("invalid_pix_key", "pix_key")),
        ({"beneficiary_name": ""}, ("required", "beneficiary_name")),
    ],
)
def test_invalid_payouts_are_refused(
    change: dict[str, Any], expected: tuple[str, str], sandbox_config: Config
) -> None:
    with pytest.raises(PluginError) as error:
        BANK.submit_payout(dataclasses.replace(sample_payout_request("pix"), **change), sandbox_config)
    assert (error.value.code, error.value.field) == expected


def test_a_ted_payout_needs_an_account(sandbox_config: Config) -> None:
    request = sample_payout_request("ted", account="")
    with pytest.raises(PluginError) as error:
        BANK.submit_payout(request, sandbox_config)
    assert (error.value.code, error.value.field) == ("required", "account")


# ------------------------------------------------------------------------------ tokenization endpoint
def post_card(data: Any) -> Any:
    client = Client(HTTP_HOST="localhost")
    return client.post("/sandbox-bank/tokens", data=json.dumps(data), content_type="application/json")


CARD = {"number": "4111 1111 1111 1111", "exp_month": 12, "cvv": "123", "holder": "MARIA SILVA"}


def valid_card(**changes: Any) -> dict[str, Any]:
    return {**CARD, "exp_year": timezone.localdate().year + 2, **changes}


def test_the_token_endpoint_tokenizes_a_valid_card_and_never_stores_the_number() -> None:
    response = post_card(valid_card())
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["brand"] == "visa"
    assert body["last4"] == "1111"
    assert body["token"].startswith("tok_")
    assert "4111111111111111" not in response.content.decode()
    token = SandboxCardToken.objects.get(token=body["token"])
    stored = json.dumps([getattr(token, f.attname) for f in SandboxCardToken._meta.fields], default=str)
    assert "4111111111111111" not in stored
    assert "411111111111" not in stored


@pytest.mark.parametrize(
    ("changes", "code", "field"),
    [
        ({"number": "4111 1111 1111 1112"}, "card_number_invalid", "number"),  # Luhn
        ({"number": "4111"}, "card_number_invalid", "number"),
        ({"number": ""}, "required", "number"),
        ({"exp_month": 13}, "invalid_expiry", "exp_month"),
        ({"exp_month": "x"}, "invalid_expiry", "exp_month"),
        ({"exp_year": 2020}, "card_expired", "exp_year"),
        ({"cvv": "12"}, "cvv_invalid", "cvv"),
        ({"number": "378282246310005", "cvv": "123"}, "cvv_invalid", "cvv"),  # Amex: 4 digits
        ({"holder": " "}, "required", "holder"),
    ],
)
def test_the_token_endpoint_refuses_bad_cards_with_clear_errors(
    changes: dict[str, Any], code: str, field: str
) -> None:
    response = post_card(valid_card(**changes))
    assert response.status_code == 400
    assert response.json()["error"] == code
    assert response.json()["field"] == field
    assert response.json()["message"]
    assert not SandboxCardToken.objects.exists()


@pytest.mark.parametrize("host", ["localhost", "acme.localhost"])
def test_the_token_endpoint_answers_on_the_platform_and_tenant_hosts(host: str) -> None:
    client = Client(HTTP_HOST=host)
    response = client.post(
        "/sandbox-bank/tokens", data=json.dumps(valid_card()), content_type="application/json"
    )
    assert response.status_code == 201
    assert SandboxCardToken.objects.filter(token=response.json()["token"]).exists()  # the bank's own table


def test_the_token_endpoint_needs_a_json_post() -> None:
    client = Client(HTTP_HOST="localhost")
    assert client.get("/sandbox-bank/tokens").status_code == 405
    bad = client.post("/sandbox-bank/tokens", data="nope", content_type="application/json")
    assert (bad.status_code, bad.json()["error"]) == (400, "invalid_json")
    assert post_card([1, 2]).json()["error"] == "invalid_json"


def test_the_declining_card_path_end_to_end(sandbox_config: Config) -> None:
    token = post_card(valid_card(number="4000 0000 0000 0002")).json()["token"]
    created = BANK.create_charge(
        charge("dep_declined", method="card", card_token=token), ChargeArtifacts(), sandbox_config
    )
    assert (created.state, created.reason) == (ChargeState.FAILED, "card_declined")
    amex = post_card(valid_card(number="378282246310005", cvv="1234")).json()
    assert (amex["brand"], amex["last4"]) == ("amex", "0005")
    assert post_card(valid_card(number="5067 0000 0000 0009")).json()["brand"] == "elo"


# ------------------------------------------------------------------------------ the delivery actor
def test_the_actor_posts_signed_json_with_the_platform_host(
    receiver: Receiver, sandbox_config: Config
) -> None:
    config = {**sandbox_config, "webhook_url": receiver.url}
    created = BANK.create_charge(charge("dep_http"), ChargeArtifacts(), config)
    delivery = SandboxWebhookDelivery.objects.get(reference="dep_http")
    tasks.deliver_webhook.fn(delivery.pk)
    [(headers, body)] = receiver.requests
    assert headers["Host"] == settings.BASE_DOMAIN
    assert headers["Content-Type"] == "application/json"
    [event] = BANK.parse_webhook(headers, body, config)
    assert (event.reference, event.state) == ("dep_http", "confirmed")
    delivery.refresh_from_db()
    assert (delivery.attempts, delivery.last_status) == (1, 200)
    assert delivery.delivered_at is not None
    assert BANK.fetch_charge(created.provider_reference, config).state == ChargeState.CONFIRMED
    tasks.deliver_webhook.fn(delivery.pk)  # a redelivered message sends nothing twice
    assert len(receiver.requests) == 1


def test_a_non_2xx_answer_is_retried_and_logged(receiver: Receiver, sandbox_config: Config) -> None:
    config = {**sandbox_config, "webhook_url": receiver.url}
    BANK.create_charge(charge("dep_retry"), ChargeArtifacts(), config)
    delivery = SandboxWebhookDelivery.objects.get(reference="dep_retry")
    receiver.status = 500
    with pytest.raises(WebhookDeliveryError):
        deliver(delivery.pk)
    delivery.refresh_from_db()
    assert (delivery.attempts, delivery.last_status, delivery.delivered_at) == (2 - 1, 500, None)
    receiver.status = 204
    deliver(delivery.pk)
    delivery.refresh_from_db()
    assert (delivery.attempts, delivery.last_status) == (2, 204)
    assert delivery.delivered_at is not None
    # The state moved once, on the first try; both tries carried the same event.
    first, second = (json.loads(body) for _, body in receiver.requests)
    assert first == second


def test_an_unreachable_endpoint_is_logged_and_retried(sandbox_config: Config) -> None:
    BANK.create_charge(charge("dep_down"), ChargeArtifacts(), sandbox_config)  # port 9: nothing listens
    delivery = SandboxWebhookDelivery.objects.get(reference="dep_down")
    with pytest.raises(WebhookDeliveryError):
        deliver(delivery.pk)
    delivery.refresh_from_db()
    assert delivery.attempts == 1
    assert delivery.last_status is None
    assert delivery.last_error


def test_webhooks_are_scheduled_on_commit_in_the_public_schema(
    sandbox_config: Config, django_capture_on_commit_callbacks: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(tasks.deliver_webhook, "send_with_options", lambda **options: sent.append(options))
    config = {**sandbox_config, "confirm_delay_seconds": 30}
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        BANK.create_charge(charge("dep_sched", "duplicate"), ChargeArtifacts(), config)
        assert sent == []  # nothing leaves before the bank's own records are committed
    assert len(callbacks) == 1
    deliveries = list(SandboxWebhookDelivery.objects.filter(reference="dep_sched"))
    assert [options["args"] for options in sent] == [(d.pk,) for d in deliveries]
    assert all(options["tenant_schema"] == "public" for options in sent)
    assert 29_000 <= sent[0]["delay"] <= 30_000
    assert 30_000 <= sent[1]["delay"] <= 31_000


# ------------------------------------------------------------------------------ through Cofre's endpoint
def test_deliver_now_posts_through_the_django_test_client_to_cofres_webhook_endpoint() -> None:
    """The helper's (headers, body) are what Cofre's /api/webhooks/sandbox_bank verifies and accepts."""
    from gateway.models import PluginKind
    from gateway.services import effective_config

    config = effective_config(PluginKind.PROVIDER, "sandbox_bank", None)  # the platform's, as seeded
    BANK.create_charge(charge("dep_not_in_cofre", "duplicate"), ChargeArtifacts(), config)
    client = Client(HTTP_HOST="localhost")
    answers = [
        client.post("/api/webhooks/sandbox_bank", body, content_type="application/json", headers=headers)
        for headers, body in deliver_now("dep_not_in_cofre")
    ]
    assert [answer.status_code for answer in answers] == [200, 200]
    assert [answer.json()["received"] for answer in answers] == [1, 1]
    forged = client.post(
        "/api/webhooks/sandbox_bank",
        VALID_BODY,
        content_type="application/json",
        headers=_signed(VALID_BODY, secret="x" * 16),
    )
    assert forged.status_code == 400
