"""The demo's webhook endpoint: acme receives every event at the receiver inside the product
(webhooks.views.demo_receiver), so a new user of `make run` sees deliveries arriving in
clients/webhooks. Seeded only where that receiver is on (WEBHOOKS_DEMO_RECEIVER: `make run`)."""

from __future__ import annotations

from django.conf import settings
from django_tenants.utils import schema_context

from core import crypto
from core.ids import new_public_id
from tenants.models import Tenant
from webhooks import catalog
from webhooks.models import WebhookEndpoint
from webhooks.services import new_secret


def seed_demo_webhook(tenant: Tenant) -> bool:
    """acme's endpoint at the demo receiver, once; True when it was created."""
    if not settings.WEBHOOKS_DEMO_RECEIVER:
        return False
    with schema_context(tenant.schema_name):
        if WebhookEndpoint.objects.exists():
            return False
        public_id = new_public_id("we")
        WebhookEndpoint.objects.create(
            public_id=public_id,
            url=f"http://127.0.0.1:{settings.PORT}/api/webhook-receiver/{tenant.schema_name}/{public_id}",
            events=list(catalog.EVENT_TYPES),
            secret=crypto.seal(new_secret()),
        )
    return True
