"""The sandbox bank's webhook format and signature (pure Python: no Django, no database).

Body: JSON `{"events": [{"event_id", "kind", "reference", "provider_reference", "state",
"occurred_at", "amount", "reason"}]}` (a "pix_credit" event adds "currency", "payer_name" and
"payer_document").

Signature header, as Stripe's: `X-Sandbox-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>` where
the HMAC key is the merchant's `webhook_secret` and the message is `f"{t}.{body}"`. Several `v1`
entries may be sent (secret rotation): one matching is enough. A timestamp more than five minutes
from now is refused, so a captured request cannot be replayed later.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from plugin_api import ChargeState, MedState, PayoutState, ProviderEvent, RefundState, WebhookRejectedError

SIGNATURE_HEADER = "X-Sandbox-Signature"
TOLERANCE_SECONDS = 300
_STATES = {
    "charge": frozenset(state.value for state in ChargeState),
    "payout": frozenset(state.value for state in PayoutState),
    "refund": frozenset(state.value for state in RefundState),
    "med": frozenset(
        state.value for state in MedState
    ),  # reference: the charge; provider_reference: the case
    # money sent to a PIX key with no charge: reference the key, provider_reference the end-to-end id
    "pix_credit": frozenset({ChargeState.CONFIRMED.value}),
}


def signature(secret: str, body: bytes, timestamp: int) -> str:
    """Hex HMAC-SHA256 of `f"{timestamp}.{body}"` with `secret`."""
    message = f"{timestamp}.".encode() + body
    return hmac.new(secret.encode("utf-8"), message, hashlib.sha256).hexdigest()


def sign(secret: str, body: bytes, timestamp: int | None = None) -> str:
    """The X-Sandbox-Signature header value for `body`: `t=<timestamp>,v1=<hex>`."""
    moment = int(time.time()) if timestamp is None else timestamp
    return f"t={moment},v1={signature(secret, body, moment)}"


def signed_headers(secret: str, body: bytes, timestamp: int | None = None) -> dict[str, str]:
    """The headers of a webhook POST carrying `body`."""
    return {"Content-Type": "application/json", SIGNATURE_HEADER: sign(secret, body, timestamp)}


def encode_body(events: list[Mapping[str, Any]]) -> bytes:
    """The exact bytes the bank sends (and signs) for these events."""
    return json.dumps({"events": events}, separators=(",", ":"), sort_keys=True).encode("utf-8")


def _header(headers: Mapping[str, str], name: str) -> str:
    # Accept a plain dict in any case, Django's request.headers, or WSGI META names.
    wanted = {name.lower(), "http_" + name.lower().replace("-", "_")}
    for key, value in headers.items():
        if key.lower() in wanted:
            return value
    return ""


def _parse_signature(value: str) -> tuple[int, list[str]]:
    timestamp: int | None = None
    candidates: list[str] = []
    for part in value.split(","):
        key, _, item = part.strip().partition("=")
        if key == "t" and item.isdigit():
            timestamp = int(item)
        elif key == "v1" and item:
            candidates.append(item)
    if timestamp is None or not candidates:
        raise WebhookRejectedError("signature_malformed", SIGNATURE_HEADER)
    return timestamp, candidates


def verify(headers: Mapping[str, str], body: bytes, secret: str, *, now: float | None = None) -> None:
    """Raise WebhookRejectedError unless `body` carries a fresh, valid signature made with `secret`."""
    if not secret:
        raise WebhookRejectedError("webhook_secret_not_configured", "webhook_secret")
    value = _header(headers, SIGNATURE_HEADER)
    if not value:
        raise WebhookRejectedError("signature_missing", SIGNATURE_HEADER)
    timestamp, candidates = _parse_signature(value)
    current = time.time() if now is None else now
    if abs(current - timestamp) > TOLERANCE_SECONDS:
        raise WebhookRejectedError("signature_stale", SIGNATURE_HEADER)
    expected = signature(secret, body, timestamp)
    # compare_digest on every candidate: the time taken does not reveal how much of one matched.
    matches = [hmac.compare_digest(expected, candidate) for candidate in candidates]
    if not any(matches):
        raise WebhookRejectedError("signature_invalid", SIGNATURE_HEADER)


def _event(item: object) -> ProviderEvent:
    if not isinstance(item, dict):
        raise WebhookRejectedError("payload_invalid", "events")
    kind = item.get("kind")
    strings = ("event_id", "reference", "provider_reference", "state", "occurred_at")
    if kind not in _STATES or not all(isinstance(item.get(name), str) and item[name] for name in strings):
        raise WebhookRejectedError("payload_invalid", "events")
    if item["state"] not in _STATES[kind]:
        raise WebhookRejectedError("payload_invalid", "events.state")
    amount = item.get("amount")
    if amount is not None and type(amount) is not int:
        raise WebhookRejectedError("payload_invalid", "events.amount")
    reason = item.get("reason") or ""
    if not isinstance(reason, str):
        raise WebhookRejectedError("payload_invalid", "events.reason")
    try:
        occurred_at = datetime.fromisoformat(item["occurred_at"])
    except ValueError as exc:
        raise WebhookRejectedError("payload_invalid", "events.occurred_at") from exc
    if occurred_at.tzinfo is None:
        raise WebhookRejectedError("payload_invalid", "events.occurred_at")
    extra = {name: item.get(name) or "" for name in ("payer_name", "payer_document", "currency")}
    if not all(isinstance(value, str) for value in extra.values()):
        raise WebhookRejectedError("payload_invalid", "events.payer")
    return ProviderEvent(
        payer_name=extra["payer_name"],
        payer_document=extra["payer_document"],
        currency=extra["currency"],
        event_id=item["event_id"],
        kind=kind,
        reference=item["reference"],
        provider_reference=item["provider_reference"],
        state=item["state"],
        occurred_at=occurred_at,
        amount=amount,
        reason=reason,
    )


def parse_events(
    headers: Mapping[str, str], body: bytes, secret: str, *, now: float | None = None
) -> list[ProviderEvent]:
    """Verify the signature, then parse the events (WebhookRejectedError on any problem)."""
    verify(headers, body, secret, now=now)
    try:
        document = json.loads(body)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise WebhookRejectedError("payload_invalid", "body") from exc
    if (
        not isinstance(document, dict)
        or not isinstance(document.get("events"), list)
        or not document["events"]
    ):
        raise WebhookRejectedError("payload_invalid", "events")
    return [_event(item) for item in document["events"]]
