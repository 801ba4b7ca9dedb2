"""Platform settings: read them (per call, one row by primary key: nothing cached, so no process or
tenant ever sees another's stale copy), change them (audited with before and after), and the payout
checks they drive (`check_payout`, `check_daily`), called by payouts where a payout is checked."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, time
from typing import Any

from django.db import transaction
from django.utils import timezone
from django_tenants.utils import schema_context

from accounts.models import Membership
from audit import services as audit
from core.errors import AppError
from core.messages import current_language
from platform_settings.models import SETTINGS_PK, PlatformSettings

LIMIT_CURRENCY = "BRL"  # PIX and TED move reais only
LIMIT_FIELDS = ("max_payout_amount", "max_daily_payouts_per_client", "night_pix_person_limit")
TIME_FIELDS = ("night_starts_at", "night_ends_at", "ted_opens_at", "ted_cutoff_at")
FIELDS = (*LIMIT_FIELDS, *TIME_FIELDS, "maintenance_banner", "payouts_require_kyc")
MAX_LIMIT = 10**10 - 1  # centavos: the largest payout there is (payouts.MAX_AMOUNT)


def current() -> PlatformSettings:
    """The settings now (the defaults when never changed). Read from the public schema."""
    with schema_context("public"):
        return PlatformSettings.objects.filter(pk=SETTINGS_PK).first() or PlatformSettings(pk=SETTINGS_PK)


def as_dict(settings: PlatformSettings) -> dict[str, Any]:
    """The settings as JSON values (times "HH:MM"): what the API answers and the audit records."""
    out: dict[str, Any] = {}
    for name in FIELDS:
        value = getattr(settings, name)
        out[name] = value.strftime("%H:%M") if isinstance(value, time) else value
    return out


@dataclass(frozen=True)
class SettingsInput:
    max_payout_amount: int | None
    max_daily_payouts_per_client: int | None
    night_pix_person_limit: int | None
    night_starts_at: time
    night_ends_at: time
    ted_opens_at: time | None
    ted_cutoff_at: time | None
    maintenance_banner: str
    payouts_require_kyc: bool = False


def check_input(data: SettingsInput) -> None:
    """Refuse settings that cannot work, each on its field (nothing is written)."""
    fields: dict[str, str] = {}
    for name in LIMIT_FIELDS:
        value = getattr(data, name)
        lowest = 0 if name == "night_pix_person_limit" else 1  # a night limit of 0: no PIX to people at night
        if value is not None and not lowest <= value <= MAX_LIMIT:
            fields[name] = "amount_out_of_range"
    if data.night_starts_at == data.night_ends_at:
        fields["night_ends_at"] = "same_as_start"
    opens, cutoff = data.ted_opens_at, data.ted_cutoff_at
    if (opens is None) != (cutoff is None):
        fields["ted_cutoff_at" if cutoff is None else "ted_opens_at"] = "both_or_neither"
    elif opens is not None and cutoff is not None and opens >= cutoff:
        fields["ted_cutoff_at"] = "cutoff_before_opening"
    if fields:
        raise AppError("invalid_input", fields=fields)


def update(membership: Membership, data: SettingsInput) -> PlatformSettings:
    """Replace the settings; the change is audited in the platform's trail with what changed,
    before and after. Concurrent changes are applied one after the other (row lock)."""
    check_input(data)
    values = {
        name: (getattr(data, name).strip() if name == "maintenance_banner" else getattr(data, name))
        for name in FIELDS
    }
    with schema_context("public"), transaction.atomic():
        settings, _ = PlatformSettings.objects.select_for_update().get_or_create(pk=SETTINGS_PK)
        before = as_dict(settings)
        for name, value in values.items():
            setattr(settings, name, value)
        after = as_dict(settings)
        diff = audit.changes(before, after)
        if diff["after"]:
            settings.updated_by_id = membership.user_id
            settings.save()
            audit.record("platform_settings.changed", actor=membership.user, target=settings, data=diff)
    return settings


# --------------------------------------------------------------------------------- payout checks
def brl(cents: int) -> str:
    """An amount in reais as the request's language writes it (for messages)."""
    whole, frac = divmod(cents, 100)
    grouped = f"{whole:,}"
    if current_language() == "pt-BR":
        return f"R$ {grouped.replace(',', '.')},{frac:02d}"
    return f"R${grouped}.{frac:02d}"


def _within(moment: time, start: time, end: time) -> bool:
    """Whether `moment` is in [start, end), a window that may cross midnight."""
    if start < end:
        return start <= moment < end
    return moment >= start or moment < end


def is_person(document: str) -> bool:
    digits = "".join(ch for ch in document if ch.isdigit())
    return len(digits) == 11  # a CPF; a CNPJ has 14


def check_payout(
    settings: PlatformSettings,
    *,
    amount: int,
    currency: str,
    method: str,
    beneficiary_document: str,
    at: datetime | None = None,
) -> None:
    """Refuse a payout the platform's limits do not allow: above the per-payout limit, a PIX to a
    person above the night limit inside the night window, a TED outside its hours (local time)."""
    if currency != LIMIT_CURRENCY:
        return
    local = timezone.localtime(at or timezone.now()).time()
    limit = settings.max_payout_amount
    if limit is not None and amount > limit:
        raise AppError("limit_exceeded", status=422, fields={"amount": "limit_exceeded"}, limit=brl(limit))
    night = settings.night_pix_person_limit
    if (
        night is not None
        and method == "pix"
        and is_person(beneficiary_document)
        and _within(local, settings.night_starts_at, settings.night_ends_at)
        and amount > night
    ):
        raise AppError(
            "night_pix_limit_exceeded", status=422, fields={"amount": "night_pix_limit_exceeded"},
            limit=brl(night), starts=settings.night_starts_at.strftime("%H:%M"),
            ends=settings.night_ends_at.strftime("%H:%M"),
        )  # fmt: skip
    opens, cutoff = settings.ted_opens_at, settings.ted_cutoff_at
    if method == "ted" and opens is not None and cutoff is not None and not _within(local, opens, cutoff):
        raise AppError(
            "ted_outside_hours", status=422, fields={"method": "ted_outside_hours"},
            opens=opens.strftime("%H:%M"), cutoff=cutoff.strftime("%H:%M"),
        )  # fmt: skip


def check_daily(settings: PlatformSettings, *, amount: int, currency: str, spent_today: int) -> None:
    """Refuse a payout that takes the client's payouts of the day (not rejected nor canceled) above
    the daily limit. The caller counts `spent_today` under a lock that serializes the client's payouts."""
    limit = settings.max_daily_payouts_per_client
    if currency != LIMIT_CURRENCY or limit is None:
        return
    if spent_today + amount > limit:
        raise AppError(
            "daily_limit_exceeded", status=422, fields={"amount": "daily_limit_exceeded"},
            limit=brl(limit), left=brl(max(0, limit - spent_today)),
        )  # fmt: skip
