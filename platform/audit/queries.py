"""Read the trail of the schema the connection is in: filters of the client/logs screen."""

from __future__ import annotations

from datetime import date

from django.db.models import Q, QuerySet

from audit.models import AuditEntry
from core.dates import day_end, day_start

SORTS = ("at",)


def filtered(
    *,
    actor: str = "",
    action: str = "",
    target: str = "",
    date_from: date | None = None,
    date_to: date | None = None,
) -> QuerySet[AuditEntry]:
    """Entries by actor (part of the e-mail), action (a code, or its family: `payout` is every
    `payout.*`), target (its id, or its type) and period (days in the platform's time zone)."""
    qs = AuditEntry.objects.all()
    if actor:
        qs = qs.filter(actor_email__icontains=actor)
    if action:
        qs = qs.filter(Q(action=action) | Q(action__startswith=f"{action}."))
    if target:
        qs = qs.filter(Q(target_id=target) | Q(target_type__iexact=target))
    if date_from is not None:
        qs = qs.filter(at__gte=day_start(date_from))
    if date_to is not None:
        end = day_end(date_to)
        if end is not None:
            qs = qs.filter(at__lt=end)
    return qs
