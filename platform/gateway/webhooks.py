"""The webhook inbox: verify a provider's webhook, record each event once, and hand it to the app
that owns its kind through one dispatch table (as Saleor hands a provider webhook to a plugin by id).

Each app registers its handler when it starts (its `AppConfig.ready`):

    register_event_handler("charge", index_kind="deposit", handler=apply_charge_event)   # payments
    register_event_handler("payout", index_kind="payout", handler=apply_payout_event)    # payouts
    register_event_handler("refund", index_kind="refund", handler=apply_refund_event)    # refunds

An event's `reference` is looked up in the public transaction index (for `index_kind=PIX_KEY`, in the
directory of PIX keys: a "pix_credit" event names the key money was sent to, not a record of ours);
the handler runs in the schema of the tenant that owns the record, inside the transaction that writes
the inbox row, so a duplicate (the same `(provider, event_id)`) has exactly one effect. The gateway knows
no app: it only knows the
table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django_tenants.utils import get_public_schema_name, schema_context

from core.errors import AppError, NotFoundError
from gateway import services as gateway
from gateway.models import PixKeyDirectory, PluginKind, TransactionIndex, WebhookEvent
from gateway.registry import get_registry
from plugin_api import PluginError, ProviderEvent

# handler(provider code, event) -> outcome ("applied", "ignored_stale", ...), run in the tenant schema.
EventHandler = Callable[[str, ProviderEvent], str]


@dataclass(frozen=True)
class _Route:
    index_kind: str  # the TransactionIndex kind the event's reference must have
    handler: EventHandler


_routes: dict[str, _Route] = {}
PIX_KEY = "pix_key"  # index_kind of events whose reference is a client's PIX key (gateway.PixKeyDirectory)


def register_event_handler(event_kind: str, *, index_kind: str, handler: EventHandler) -> None:
    """Send verified events of `event_kind` about records of `index_kind` to `handler`. Registering a
    kind again replaces its handler (an app's `ready` may run twice in tests)."""
    _routes[event_kind] = _Route(index_kind, handler)


def receive_webhook(provider_code: str, headers: dict[str, str], body: bytes) -> list[str]:
    """Verify and apply a provider's webhook. Returns one outcome per event. Runs on the public host."""
    registry = get_registry()
    try:
        provider = registry.provider(provider_code)
    except PluginError as exc:
        raise NotFoundError from exc
    config = gateway.effective_config(PluginKind.PROVIDER, provider_code, None)
    try:
        events = provider.parse_webhook(headers, body, config)
    except PluginError as exc:
        raise AppError("webhook_rejected", status=400) from exc
    return [apply_provider_event(provider_code, event) for event in events]


def apply_provider_event(provider_code: str, event: ProviderEvent) -> str:
    """Apply one verified event exactly once (the inbox row and the change share a transaction)."""
    with schema_context(get_public_schema_name()), transaction.atomic():
        try:
            with transaction.atomic():
                inbox = WebhookEvent.objects.create(
                    provider=provider_code, event_id=event.event_id, reference=event.reference,
                    state=event.state, occurred_at=event.occurred_at,
                )  # fmt: skip
        except IntegrityError:
            return "duplicate"
        route = _routes.get(event.kind)
        schema, kind = _owner(event, route)
        if schema is None:
            outcome = "unknown_reference"
        elif route is None or kind != route.index_kind:
            outcome = "ignored_kind"
        else:
            with schema_context(schema):
                outcome = route.handler(provider_code, event)
        inbox.outcome = outcome
        inbox.save(update_fields=["outcome"])
    return outcome


def _owner(event: ProviderEvent, route: _Route | None) -> tuple[str | None, str]:
    """The schema of the client the event is about, and the kind of what its reference names."""
    if route is not None and route.index_kind == PIX_KEY:
        key = PixKeyDirectory.objects.select_related("tenant").filter(key=event.reference).first()
        return (key.tenant.schema_name, PIX_KEY) if key is not None else (None, "")
    row = TransactionIndex.objects.select_related("tenant").filter(public_id=event.reference).first()
    return (row.tenant.schema_name, row.kind) if row is not None else (None, "")
