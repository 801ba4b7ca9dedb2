"""The company's settings: /api/company/settings and /api/company/logo (clients/config), and
/api/company/provider-banks (clients/provider-banks). Only on a client's own host, for its members."""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime,
# through the access.guard wrappers, and cannot resolve postponed (string) annotations there.

from datetime import datetime
from typing import Any

from django.http import FileResponse, HttpRequest
from ninja import Router, Schema
from ninja.responses import Status
from pydantic import Field

from access.guard import any_member, membership_of, requires_route
from company import providers, services
from company.models import CompanySettings
from core.api_types import Centavos
from core.errors import AppError, NotFoundError
from files.services import file_response
from platform_settings import services as platform_settings

router = Router(tags=["company"])
ROUTES = ("clients/config",)
PROVIDER_ROUTES = ("clients/provider-banks",)
LOGO_URL = "/api/company/logo"


class CompanySettingsIn(Schema):
    """Only the fields sent change. The CNPJ is read-only (set when the company is onboarded)."""

    legal_name: str | None = Field(default=None, description="Razão social")
    trade_name: str | None = Field(default=None, description="Nome fantasia")
    cnpj: str | None = Field(default=None, description="Read-only: sending it is refused (cnpj: read_only)")
    phone: str | None = Field(default=None, description="With the area code (DDD), e.g. (11) 3456-7890")
    street: str | None = None
    number: str | None = None
    complement: str | None = None
    neighborhood: str | None = None
    city: str | None = None
    state: str | None = Field(default=None, description="UF, e.g. SP")
    zipcode: str | None = Field(default=None, description="CEP, 8 digits")
    notification_emails: list[str] | None = Field(default=None, max_length=50, description="At most 10")
    payout_approval_threshold: Centavos | None = Field(
        default=None,
        description="BRL centavos: payouts above it wait for review by a second person; null: none "
        "(the platform's rule alone). At most the platform's largest payout (admin/config)",
    )


class CompanySettingsOut(Schema):
    legal_name: str
    trade_name: str
    cnpj: str = Field(description="14 digits, read-only; empty until onboarding sets it")
    phone: str = Field(description="Digits")
    street: str
    number: str
    complement: str
    neighborhood: str
    city: str
    state: str
    zipcode: str = Field(description="8 digits")
    notification_emails: list[str]
    payout_approval_threshold: int | None
    threshold_currency: str
    platform_payout_limit: int | None = Field(
        description="The platform's largest payout (BRL centavos; null: none): the threshold's ceiling"
    )
    logo_url: str | None = Field(description="Where the company's members read the logo; null: none")
    updated_at: datetime | None


class ProviderBankOut(Schema):
    operation: str = Field(description="deposit | payout")
    method: str = Field(description="Deposits: billet, pix, card, wire. Payouts: pix, ted")
    provider: str | None = Field(description="The provider's code; null: none serves it")
    provider_name: str
    source: str = Field(description="client (its own route) | platform (the default) | builtin | none")
    status: str = Field(description="healthy | disabled (by the platform) | unavailable")
    method_enabled: bool = Field(description="Deposits: the payment method takes new charges")


def settings_out(settings: CompanySettings) -> dict[str, Any]:
    return {
        **services.as_dict(settings),
        "threshold_currency": services.THRESHOLD_CURRENCY,
        "platform_payout_limit": platform_settings.current().max_payout_amount,
        "logo_url": LOGO_URL if settings.logo_id else None,
        "updated_at": settings.updated_at,
    }


@router.get("/settings", response=CompanySettingsOut, summary="The company's profile and settings")
@requires_route(*ROUTES)
def get_company_settings(request: HttpRequest) -> dict[str, Any]:
    services.access_company(membership_of(request))
    return settings_out(services.current())


@router.patch("/settings", response=CompanySettingsOut, summary="Change the company's settings (audited)")
@requires_route(*ROUTES, write=True)
def patch_company_settings(request: HttpRequest, payload: CompanySettingsIn) -> dict[str, Any]:
    membership = membership_of(request)
    services.access_company(membership)
    changes = payload.dict(exclude_unset=True)
    if "cnpj" in changes:
        raise AppError("invalid_input", fields={"cnpj": "read_only"})
    for name, value in changes.items():
        if value is None and name != "payout_approval_threshold":
            raise AppError("invalid_input", fields={name: "required"})
    return settings_out(services.update(membership, changes))


@router.put(
    "/logo",
    response=CompanySettingsOut,
    summary="Upload the logo shown on boletos and receipts: the image itself as the body (PNG or JPEG, "
    "at most 512 KB; checked by its content, whatever the Content-Type says)",
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {
                "image/png": {"schema": {"type": "string", "format": "binary"}},
                "image/jpeg": {"schema": {"type": "string", "format": "binary"}},
            },
        }
    },
)
@requires_route(*ROUTES, write=True)
def put_company_logo(request: HttpRequest) -> dict[str, Any]:
    membership = membership_of(request)
    services.access_company(membership)
    content = request.body  # above DATA_UPLOAD_MAX_MEMORY_SIZE Django refuses it (request_too_large)
    if not content:
        raise AppError("invalid_input", fields={"file": "required"})
    return settings_out(services.set_logo(membership, content))


@router.delete("/logo", response={204: None}, summary="Remove the company's logo (audited)")
@requires_route(*ROUTES, write=True)
def delete_company_logo(request: HttpRequest) -> Status[None]:
    membership = membership_of(request)
    services.access_company(membership)
    services.remove_logo(membership)
    return Status(204, None)


@router.get("/logo", response={200: None}, summary="The company's logo, for its own members only")
@any_member
def get_company_logo(request: HttpRequest) -> FileResponse:
    services.access_company(membership_of(request))
    stored = services.logo_file()
    if stored is None:
        raise NotFoundError
    return file_response(stored, inline=True)


@router.get(
    "/provider-banks",
    response=list[ProviderBankOut],
    summary="Which provider serves each payment method and payout for this client (read-only)",
)
@requires_route(*PROVIDER_ROUTES)
def list_provider_banks(request: HttpRequest) -> list[dict[str, Any]]:
    tenant = services.access_company(membership_of(request))
    return [row.__dict__ for row in providers.provider_banks(tenant)]
