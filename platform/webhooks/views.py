"""The demo's webhook receiver: `make run` seeds an endpoint of the demo client pointing here, so a new
user sees deliveries arriving. It verifies the signature exactly as a merchant would (README.md,
"Webhooks") and answers what it found; the delivery log shows the answer. Off (404) unless
WEBHOOKS_DEMO_RECEIVER, never in production."""

from __future__ import annotations

import json
import time

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST
from django_tenants.utils import schema_context

from tenants.models import Tenant, TenantKind
from webhooks import signing
from webhooks.models import WebhookEndpoint
from webhooks.services import signing_secrets


@csrf_exempt
@require_POST
def demo_receiver(request: HttpRequest, schema: str, endpoint_id: str) -> HttpResponse:
    if not settings.WEBHOOKS_DEMO_RECEIVER:
        raise Http404
    if not Tenant.objects.filter(schema_name=schema, kind=TenantKind.CLIENT).exists():
        raise Http404
    with schema_context(schema):
        endpoint = WebhookEndpoint.objects.filter(public_id=endpoint_id).first()
        if endpoint is None:
            raise Http404
        secrets = signing_secrets(endpoint)
    header = request.headers.get(signing.HEADER, "")
    now = int(time.time())
    verified = any(signing.verify(secret, header, request.body, now) for secret in secrets)
    if not verified:
        return JsonResponse({"received": False, "error": "bad signature"}, status=400)
    try:
        event = json.loads(request.body)
    except ValueError:
        return JsonResponse({"received": False, "error": "not JSON"}, status=400)
    return JsonResponse(
        {"received": True, "verified": True, "event": event.get("id"), "type": event.get("type")}
    )
