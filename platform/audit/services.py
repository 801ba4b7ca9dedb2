"""Write audit entries. The one way to add to the trail; nothing ever edits it."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from audit.models import AuditEntry
from tenants.tenancy import current_schema


def client_ip(request: HttpRequest | None) -> str | None:
    if request is None:
        return None
    return request.META.get("REMOTE_ADDR") or None


def record(
    action: str,
    *,
    actor: Any = None,
    actor_email: str = "",
    target: Any = None,
    data: dict[str, Any] | None = None,
    request: HttpRequest | None = None,
) -> AuditEntry:
    """Append an entry to the trail of the schema the connection is in."""
    actor_id = getattr(actor, "pk", None) if actor is not None else None
    email = actor_email or (getattr(actor, "email", "") if actor is not None else "")
    return AuditEntry.objects.create(
        action=action,
        actor_id=actor_id,
        actor_email=email,
        tenant_schema=current_schema(),
        target_type=type(target).__name__ if target is not None else "",
        target_id=str(getattr(target, "pk", "")) if target is not None else "",
        ip=client_ip(request),
        data=data or {},
    )
