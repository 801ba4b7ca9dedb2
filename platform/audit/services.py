"""Write audit entries. The one way to add to the trail; nothing ever edits it."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from audit.context import current_origin, origin_of
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
    """Append an entry to the trail of the schema the connection is in. Where from (address, user
    agent): the `request` given, else the request being served (audit.context), else nothing (a job)."""
    actor_id = getattr(actor, "pk", None) if actor is not None else None
    email = actor_email or (getattr(actor, "email", "") if actor is not None else "")
    origin = origin_of(request) if request is not None else current_origin()
    return AuditEntry.objects.create(
        action=action,
        actor_id=actor_id,
        actor_email=email,
        tenant_schema=current_schema(),
        target_type=type(target).__name__ if target is not None else "",
        target_id=str(getattr(target, "pk", "")) if target is not None else "",
        ip=origin.ip if origin else None,
        user_agent=origin.user_agent if origin else "",
        data=data or {},
    )


def changes(before: dict[str, Any], after: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The audit data of an edit: the fields that changed, before and after (JSON values)."""
    changed = sorted(key for key in after if before.get(key) != after.get(key))
    return {
        "before": {key: before.get(key) for key in changed},
        "after": {key: after[key] for key in changed},
    }
