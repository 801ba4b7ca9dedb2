"""Platform settings: /api/admin/platform-settings (admin/config) and /api/platform-status (the
maintenance banner every signed-in user's shell shows)."""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime,
# through the access.guard wrappers, and cannot resolve postponed (string) annotations there.

from datetime import datetime, time
from typing import Annotated, Any

from django.http import HttpRequest
from ninja import Router, Schema
from pydantic import Field, StringConstraints

from access.guard import any_member, membership_of, requires_route
from accounts import second_factor
from core.api_types import Centavos, JsonBool
from core.errors import NotFoundError
from platform_settings import services
from platform_settings.services import SettingsInput
from tenants.models import TenantKind

router = Router(tags=["platform settings"])
status_router = Router(tags=["platform settings"])
ROUTES = ("admin/config",)
# A time of day as the screen and the document say it: HH:MM, 24 hours, Brasília time (no seconds,
# no offset: what is accepted is exactly what the OpenAPI document promises).
HHMM = Annotated[str, StringConstraints(pattern=r"^([01][0-9]|2[0-3]):[0-5][0-9]$")]


class PlatformSettingsIn(Schema):
    max_payout_amount: Centavos | None = Field(description="BRL centavos per payout; null: no limit")
    max_daily_payouts_per_client: Centavos | None = Field(
        description="BRL centavos a client may pay out per day (Brasília time); null: no limit"
    )
    night_pix_person_limit: Centavos | None = Field(
        description="BRL centavos per PIX to a person (CPF) inside the night window; null: no limit"
    )
    night_starts_at: HHMM = Field(description="Start of the night window, HH:MM (Brasília time)")
    night_ends_at: HHMM = Field(description="End of the night window, HH:MM (may be the next day)")
    ted_opens_at: HHMM | None = Field(description="TED accepted from, HH:MM; null with the cut-off: any time")
    ted_cutoff_at: HHMM | None = Field(description="TED cut-off, HH:MM")
    maintenance_banner: str = Field(
        default="", max_length=500, description="Shown to every user while not empty"
    )
    payouts_require_kyc: JsonBool = Field(
        default=False, description="Refuse payouts of clients whose KYC file is not approved"
    )


class PlatformSettingsOut(Schema):
    max_payout_amount: int | None
    max_daily_payouts_per_client: int | None
    night_pix_person_limit: int | None
    night_starts_at: str
    night_ends_at: str
    ted_opens_at: str | None
    ted_cutoff_at: str | None
    maintenance_banner: str
    payouts_require_kyc: bool
    currency: str
    updated_at: datetime | None


class PlatformStatusOut(Schema):
    maintenance_banner: str


def settings_out(settings: Any) -> dict[str, Any]:
    return {
        **services.as_dict(settings),
        "currency": services.LIMIT_CURRENCY,
        "updated_at": settings.updated_at,
    }


def _platform_member(request: HttpRequest) -> Any:
    membership = membership_of(request)
    if membership.tenant.kind != TenantKind.PLATFORM:
        raise NotFoundError
    return membership


@router.get("", response=PlatformSettingsOut, summary="The platform's settings (limits, TED hours, banner)")
@requires_route(*ROUTES)
def get_platform_settings(request: HttpRequest) -> dict[str, Any]:
    _platform_member(request)
    return settings_out(services.current())


@router.put("", response=PlatformSettingsOut, summary="Change the platform's settings (audited)")
@requires_route(*ROUTES, write=True)
def set_platform_settings(request: HttpRequest, payload: PlatformSettingsIn) -> dict[str, Any]:
    second_factor.require_step_up(request)
    membership = _platform_member(request)
    values = payload.dict()
    for name in ("night_starts_at", "night_ends_at", "ted_opens_at", "ted_cutoff_at"):
        values[name] = time.fromisoformat(values[name]) if values[name] is not None else None
    data = SettingsInput(**values)
    return settings_out(services.update(membership, data))


@status_router.get("", response=PlatformStatusOut, summary="The maintenance banner, for every signed-in user")
@any_member
def platform_status(request: HttpRequest) -> dict[str, Any]:
    return {"maintenance_banner": services.current().maintenance_banner}
