"""Provider webhooks: /api/webhooks/{provider} (signed by the provider, verified by its plugin)."""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime.

from typing import Any

from django.http import HttpRequest
from ninja import Router, Schema

from gateway import webhooks

webhook_router = Router(tags=["webhooks"])


class WebhookAck(Schema):
    received: int
    outcomes: list[str]


@webhook_router.post(
    "/{provider}", response={200: WebhookAck}, auth=None, summary="Provider webhooks (signed)"
)
def provider_webhook(request: HttpRequest, provider: str) -> dict[str, Any]:
    headers = {key.lower(): value for key, value in request.headers.items()}
    outcomes = webhooks.receive_webhook(provider, headers, request.body)
    return {"received": len(outcomes), "outcomes": outcomes}
