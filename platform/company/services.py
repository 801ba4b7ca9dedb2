"""The company's settings (clients/config): read, change (audited with before and after), the logo,
the payout approval threshold payouts read, and the provider routing the client sees.

Everything runs in the schema of the client the request is for (`access_company` refuses any other),
so one tenant's settings and logo are never read from another's schema."""

from __future__ import annotations

import io
import re
import warnings
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django_tenants.utils import schema_context
from PIL import Image, ImageOps

from accounts.models import Membership
from audit import services as audit
from brazil.address import AddressError, normalize_state, normalize_zipcode
from company.models import SETTINGS_PK, CompanySettings
from core.errors import AppError, NotFoundError
from files import services as files
from files.models import LOGO_CATEGORY, StoredFile
from files.sniff import JPEG, PNG, sniff
from platform_settings import services as platform_settings
from tenants.models import Tenant, TenantKind
from tenants.tenancy import current_schema

TEXT_FIELDS: dict[str, int] = {
    "legal_name": 200,
    "trade_name": 200,
    "street": 200,
    "number": 20,
    "complement": 100,
    "neighborhood": 100,
    "city": 100,
}
EDITABLE = (*TEXT_FIELDS, "phone", "state", "zipcode", "notification_emails", "payout_approval_threshold")
MAX_EMAILS = 10
THRESHOLD_CURRENCY = "BRL"  # as the platform's limits: PIX and TED move reais only

LOGO_MAX_BYTES = 512 * 1024
LOGO_MAX_PIXELS = 16_000_000
LOGO_MAX_SIDE = 600  # stored size: a boleto or a receipt shows it a few centimetres wide
LOGO_FORMATS: dict[str, tuple[str, str, dict[str, Any]]] = {
    PNG: ("PNG", "png", {"optimize": True}),
    JPEG: ("JPEG", "jpg", {"quality": 90}),
}


def access_company(membership: Membership) -> Tenant:
    """The client company of this host, for one of its own members (else 404: another tenant's
    settings do not exist for the caller)."""
    tenant = membership.tenant
    if tenant.kind != TenantKind.CLIENT or tenant.schema_name != current_schema():
        raise NotFoundError
    return tenant


def current() -> CompanySettings:
    """The settings of the schema the connection is in (an empty row when never filled in)."""
    return CompanySettings.objects.select_related("logo").filter(pk=SETTINGS_PK).first() or CompanySettings(
        pk=SETTINGS_PK
    )


def notification_addresses(tenant: Tenant) -> list[str]:
    """The addresses a client company chose for its notices by e-mail (notifications.mail), if any."""
    if tenant.kind != TenantKind.CLIENT:
        return []
    with schema_context(tenant.schema_name):
        row = (
            CompanySettings.objects.filter(pk=SETTINGS_PK)
            .values_list("notification_emails", flat=True)
            .first()
        )
    return [str(address) for address in row or []]


def as_dict(settings: CompanySettings) -> dict[str, Any]:
    """The settings as JSON values: what the API answers and the audit records."""
    out: dict[str, Any] = {name: getattr(settings, name) for name in EDITABLE}
    out["notification_emails"] = list(settings.notification_emails or [])
    out["cnpj"] = settings.cnpj
    return out


# ------------------------------------------------------------------------------------ validation
def _clean_text(name: str, value: Any, fields: dict[str, str]) -> str:
    text = " ".join(str(value).split())
    if len(text) > TEXT_FIELDS[name]:
        fields[name] = "too_long"
    return text


def _clean_phone(value: str, fields: dict[str, str]) -> str:
    text = value.strip()
    if not text:
        return ""
    if not re.fullmatch(r"\+?[0-9 ().\-]+", text):
        fields["phone"] = "invalid_phone"
        return text
    digits = re.sub(r"[^0-9]", "", text)
    if not 10 <= len(digits) <= 13:  # DDD + number (8 or 9 digits), optionally with country code 55
        fields["phone"] = "invalid_phone"
    return digits


def _clean_emails(value: list[str], fields: dict[str, str]) -> list[str]:
    emails: list[str] = []
    seen: set[str] = set()
    for raw in value:
        email = str(raw).strip()
        if not email:
            continue
        try:
            validate_email(email)
        except ValidationError:
            fields["notification_emails"] = "invalid_email"
            return emails
        if email.lower() not in seen:
            seen.add(email.lower())
            emails.append(email)
    if len(emails) > MAX_EMAILS:
        fields["notification_emails"] = "too_many_emails"
    return emails


def check_threshold(value: int) -> None:
    """Refuse a threshold outside the platform's limits: negative, or above the largest payout the
    platform allows (admin/config), since no payout above it can exist."""
    if value < 0:
        raise AppError("invalid_input", fields={"payout_approval_threshold": "must_not_be_negative"})
    limit = platform_settings.current().max_payout_amount
    ceiling = limit if limit is not None else platform_settings.MAX_LIMIT
    if value > ceiling:
        raise AppError(
            "threshold_above_platform_limit", status=422,
            fields={"payout_approval_threshold": "threshold_above_platform_limit"},
            limit=platform_settings.brl(ceiling),
        )  # fmt: skip


def clean_changes(changes: dict[str, Any]) -> dict[str, Any]:
    """The changes of a PATCH, normalised; every bad field refused at once (nothing is written)."""
    fields: dict[str, str] = {}
    clean: dict[str, Any] = {}
    for name, value in changes.items():
        if name in TEXT_FIELDS:
            clean[name] = _clean_text(name, value, fields)
        elif name == "phone":
            clean[name] = _clean_phone(str(value), fields)
        elif name in ("state", "zipcode"):
            text = str(value).strip()
            normalize = normalize_state if name == "state" else normalize_zipcode
            try:
                clean[name] = normalize(text) if text else ""
            except AddressError as exc:
                fields[name] = exc.code
        elif name == "notification_emails":
            clean[name] = _clean_emails(list(value), fields)
    if fields:
        raise AppError("invalid_input", fields=fields)
    if "payout_approval_threshold" in changes:
        threshold = changes["payout_approval_threshold"]
        if threshold is not None:
            check_threshold(int(threshold))
        clean["payout_approval_threshold"] = threshold
    return clean


def update(membership: Membership, changes: dict[str, Any]) -> CompanySettings:
    """Apply the given changes (the others stay); audited with what changed, before and after.
    Concurrent changes apply one after the other (row lock)."""
    clean = clean_changes(changes)
    with transaction.atomic():
        settings, _ = CompanySettings.objects.select_for_update().get_or_create(pk=SETTINGS_PK)
        before = as_dict(settings)
        for name, value in clean.items():
            setattr(settings, name, value)
        diff = audit.changes(before, as_dict(settings))
        if diff["after"]:
            settings.updated_by_id = membership.user_id
            settings.save()
            audit.record("company.settings_changed", actor=membership.user, target=settings, data=diff)
    return settings


# ------------------------------------------------------------------------------------------ logo
@dataclass(frozen=True)
class CheckedLogo:
    content: bytes
    content_type: str
    extension: str


def check_logo(content: bytes) -> CheckedLogo:
    """A PNG or JPEG by its content (magic bytes, never the name or the browser's word), at most
    LOGO_MAX_BYTES, that decodes in full; re-encoded (no metadata, at most LOGO_MAX_SIDE a side)."""
    if len(content) > LOGO_MAX_BYTES:
        raise AppError(
            "logo_too_large", status=400, fields={"file": "logo_too_large"}, kilobytes=LOGO_MAX_BYTES // 1024
        )
    content_type = sniff(content)
    if content_type not in LOGO_FORMATS:
        raise AppError("logo_not_an_image", status=400, fields={"file": "logo_not_an_image"})
    pillow_format, extension, options = LOGO_FORMATS[content_type]
    too_many = AppError(
        "image_too_large", status=400, fields={"file": "image_too_large"}, megapixels=LOGO_MAX_PIXELS // 10**6
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            image = Image.open(io.BytesIO(content), formats=[pillow_format])  # the header only
        except (Image.DecompressionBombWarning, Image.DecompressionBombError) as exc:
            raise too_many from exc
        except Exception as exc:  # a hostile file may fail anywhere in a decoder: refused, never a 500
            raise AppError("logo_not_an_image", status=400, fields={"file": "logo_not_an_image"}) from exc
        if image.width * image.height > LOGO_MAX_PIXELS:
            raise too_many
        try:
            image.load()  # every pixel: a truncated or corrupt file fails here
            upright: Image.Image = ImageOps.exif_transpose(image)
            alpha = upright.mode in ("RGBA", "LA", "PA") or "transparency" in upright.info
            upright = upright.convert("RGBA" if alpha and pillow_format == "PNG" else "RGB")
            upright.thumbnail((LOGO_MAX_SIDE, LOGO_MAX_SIDE))
            out = io.BytesIO()
            upright.save(out, format=pillow_format, **options)
        except Exception as exc:
            raise AppError("logo_not_an_image", status=400, fields={"file": "logo_not_an_image"}) from exc
    return CheckedLogo(out.getvalue(), content_type, extension)


def set_logo(membership: Membership, content: bytes) -> CompanySettings:
    """Store the company's logo in its own schema's files (the old one deleted); audited."""
    logo = check_logo(content)
    with transaction.atomic():
        settings, _ = CompanySettings.objects.select_for_update().get_or_create(pk=SETTINGS_PK)
        old = settings.logo
        stored = files.save_file(
            category=LOGO_CATEGORY, name=f"logo.{logo.extension}", content=logo.content,
            content_type=logo.content_type, owner_id=membership.user_id,
        )  # fmt: skip
        settings.logo = stored
        settings.updated_by_id = membership.user_id
        settings.save()
        if old is not None:
            files.delete_file(old)
        audit.record(
            "company.logo_changed", actor=membership.user, target=settings,
            data={"before": {"logo": old.sha256 if old else None}, "after": {"logo": stored.sha256}},
        )  # fmt: skip
    return settings


def remove_logo(membership: Membership) -> None:
    with transaction.atomic():
        settings = CompanySettings.objects.select_for_update().filter(pk=SETTINGS_PK).first()
        if settings is None or settings.logo is None:
            raise NotFoundError
        old = settings.logo
        settings.logo = None
        settings.updated_by_id = membership.user_id
        settings.save()
        files.delete_file(old)
        audit.record(
            "company.logo_removed", actor=membership.user, target=settings,
            data={"before": {"logo": old.sha256}, "after": {"logo": None}},
        )  # fmt: skip


def logo_file() -> StoredFile | None:
    """The logo of the schema the connection is in."""
    settings = CompanySettings.objects.select_related("logo").filter(pk=SETTINGS_PK).first()
    return settings.logo if settings is not None else None


# ------------------------------------------------------------------------ payouts read this one
def approval_threshold(currency: str) -> int | None:
    """The company's own payout approval threshold (BRL centavos) for payouts in `currency`, in the
    schema the connection is in; None when it set none (or for another currency)."""
    if currency != THRESHOLD_CURRENCY:
        return None
    rows = CompanySettings.objects.filter(pk=SETTINGS_PK)
    return rows.values_list("payout_approval_threshold", flat=True).first()
