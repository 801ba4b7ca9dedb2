"""Webhooks of this host's tenant: /api/webhook-endpoints and /api/webhook-deliveries (the
clients/webhooks screen). Another tenant's endpoint or delivery is simply not in this schema: 404."""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime.

from typing import Any

from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from ninja import Query, Router, Schema
from ninja.responses import Status

from access.guard import membership_of, requires_route
from core.api_types import IdempotencyKey
from core.pagination import DEFAULT_PAGE_SIZE, keyset_page
from webhooks import catalog, services
from webhooks.models import DeliveryStatus, WebhookDelivery, WebhookEndpoint
from webhooks.schemas import (
    DeliveryDetailOut,
    DeliveryListOut,
    EndpointCreatedOut,
    EndpointIn,
    EndpointOut,
    EndpointPatch,
    EventTypesOut,
    RotateIn,
)

endpoints_router = Router(tags=["webhooks"])
deliveries_router = Router(tags=["webhooks"])

WEBHOOK_ROUTES = ("clients/webhooks",)


def endpoint_out(endpoint: WebhookEndpoint, pending: int | None = None) -> dict[str, Any]:
    if pending is None:
        pending = endpoint.deliveries.exclude(status=DeliveryStatus.SUCCEEDED).count()
    return {
        "id": endpoint.public_id,
        "url": endpoint.url,
        "events": list(endpoint.events),
        "status": endpoint.status,
        "paused_reason": endpoint.paused_reason,
        "consecutive_failures": endpoint.consecutive_failures,
        "previous_secret_expires_at": endpoint.previous_secret_expires_at
        if endpoint.previous_secret
        else None,
        "pending": pending,
        "created_at": endpoint.created_at,
    }


def delivery_out(delivery: WebhookDelivery) -> dict[str, Any]:
    return {
        "id": delivery.public_id,
        "event_id": delivery.event.public_id,
        "type": delivery.event.type,
        "object_id": delivery.event.object_id,
        "status": delivery.status,
        "attempts": delivery.attempts,
        "last_status_code": delivery.last_status_code,
        "last_latency_ms": delivery.last_latency_ms,
        "last_error": delivery.last_error,
        "next_attempt_at": None if delivery.status == DeliveryStatus.SUCCEEDED else delivery.next_attempt_at,
        "created_at": delivery.created_at,
        "delivered_at": delivery.delivered_at,
    }


@endpoints_router.get("/event-types", response=EventTypesOut, summary="Event types an endpoint can receive")
@requires_route(*WEBHOOK_ROUTES)
def event_types(request: HttpRequest) -> dict[str, Any]:
    return {"items": list(catalog.EVENT_TYPES)}


@endpoints_router.get("", response=list[EndpointOut], summary="Webhook endpoints (never their secrets)")
@requires_route(*WEBHOOK_ROUTES)
def list_endpoints(request: HttpRequest) -> list[dict[str, Any]]:
    rows = services.endpoints_of_tenant().annotate(
        open_count=Count("deliveries", filter=~Q(deliveries__status=DeliveryStatus.SUCCEEDED))
    )
    return [endpoint_out(row, row.open_count) for row in rows]


@endpoints_router.post(
    "",
    response={200: EndpointCreatedOut, 201: EndpointCreatedOut},
    summary="Create a webhook endpoint (the secret is in this answer only; 200 when the Idempotency-Key "
    "was seen)",
)
@requires_route(*WEBHOOK_ROUTES, write=True)
def create_endpoint(
    request: HttpRequest, payload: EndpointIn, response: HttpResponse, idempotency_key: IdempotencyKey = None
) -> Status[dict[str, Any]]:
    made, created = services.create_endpoint_once(
        membership_of(request), payload.url, payload.events, idempotency_key=idempotency_key
    )
    response["Cache-Control"] = "no-store"
    return Status(201 if created else 200, {**endpoint_out(made.endpoint, 0), "secret": made.secret})


@endpoints_router.get("/{endpoint_id}", response=EndpointOut, summary="One webhook endpoint")
@requires_route(*WEBHOOK_ROUTES)
def get_endpoint(request: HttpRequest, endpoint_id: str) -> dict[str, Any]:
    return endpoint_out(services.access_endpoint(endpoint_id))


@endpoints_router.patch(
    "/{endpoint_id}",
    response=EndpointOut,
    summary="Change the URL or events; pause or resume (replays the backlog)",
)
@requires_route(*WEBHOOK_ROUTES, write=True)
def patch_endpoint(request: HttpRequest, endpoint_id: str, payload: EndpointPatch) -> dict[str, Any]:
    endpoint = services.update_endpoint(
        membership_of(request), services.access_endpoint(endpoint_id),
        url=payload.url, events=payload.events, active=payload.active,
    )  # fmt: skip
    return endpoint_out(endpoint)


@endpoints_router.delete(
    "/{endpoint_id}", response={204: None}, summary="Delete a webhook endpoint and its log"
)
@requires_route(*WEBHOOK_ROUTES, write=True)
def delete_endpoint(request: HttpRequest, endpoint_id: str) -> Status[None]:
    services.delete_endpoint(membership_of(request), services.access_endpoint(endpoint_id))
    return Status(204, None)


@endpoints_router.post(
    "/{endpoint_id}/rotate-secret",
    response=EndpointCreatedOut,
    summary="New signing secret (in this answer only); the old one signs too during the overlap",
)
@requires_route(*WEBHOOK_ROUTES, write=True)
def rotate_secret(
    request: HttpRequest, endpoint_id: str, payload: RotateIn, response: HttpResponse
) -> dict[str, Any]:
    rotated = services.rotate_secret(
        membership_of(request), services.access_endpoint(endpoint_id), payload.overlap_hours
    )
    response["Cache-Control"] = "no-store"
    return {**endpoint_out(rotated.endpoint), "secret": rotated.secret}


class DeliveryQuery(Schema):
    type: list[str] = []
    status: list[str] = []
    per_page: int = DEFAULT_PAGE_SIZE
    cursor: str | None = None


@endpoints_router.get(
    "/{endpoint_id}/deliveries",
    response=DeliveryListOut,
    summary="An endpoint's delivery log: filters, keyset pages",
)
@requires_route(*WEBHOOK_ROUTES)
def list_deliveries(request: HttpRequest, endpoint_id: str, filters: Query[DeliveryQuery]) -> dict[str, Any]:
    endpoint = services.access_endpoint(endpoint_id)
    qs = WebhookDelivery.objects.filter(endpoint=endpoint).select_related("event")
    if filters.type:
        qs = qs.filter(event__type__in=filters.type)
    if filters.status:
        qs = qs.filter(status__in=filters.status)
    rows, next_cursor = keyset_page(
        qs, sort="-id", allowed=("id",), cursor=filters.cursor, size=filters.per_page
    )
    return {"items": [delivery_out(row) for row in rows], "next_cursor": next_cursor}


@deliveries_router.get(
    "/{delivery_id}", response=DeliveryDetailOut, summary="One delivery with every attempt"
)
@requires_route(*WEBHOOK_ROUTES)
def get_delivery(request: HttpRequest, delivery_id: str) -> dict[str, Any]:
    delivery = services.access_delivery(delivery_id)
    return {
        **delivery_out(delivery),
        "endpoint_id": delivery.endpoint.public_id,
        "attempt_log": [
            {
                "number": a.number,
                "manual": a.manual,
                "succeeded": a.succeeded,
                "status_code": a.status_code,
                "latency_ms": a.latency_ms,
                "error": a.error,
                "request_headers": a.request_headers,
                "request_body": a.request_body,
                "response_body": a.response_body,
                "created_at": a.created_at,
            }
            for a in delivery.attempt_rows.all()[:50]
        ],
    }


@deliveries_router.post(
    "/{delivery_id}/resend",
    response={202: DeliveryDetailOut},
    summary="Send a delivery again (successful ones too)",
)
@requires_route(*WEBHOOK_ROUTES, write=True)
def resend_delivery(request: HttpRequest, delivery_id: str) -> Status[dict[str, Any]]:
    delivery = services.resend(membership_of(request), services.access_delivery(delivery_id))
    return Status(
        202, {**delivery_out(delivery), "endpoint_id": delivery.endpoint.public_id, "attempt_log": []}
    )
