"""API keys: create (the token is returned once), revoke, list, and resolve a token to its member.

Token: `cofre_<prefix>_<secret>`. The prefix (12 hex characters) is public and finds the row; the
secret (32 random bytes, 64 hex characters) is only ever stored as its sha256: a secret of that
entropy needs no slow hash (there is no dictionary to try), and the check stays cheap on every call.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Q, QuerySet
from django.http import HttpRequest
from django.utils import timezone
from django_tenants.utils import get_public_schema_name

from accounts.backends import acting_membership
from accounts.models import Membership
from audit import services as audit
from core.errors import AppError, ForbiddenError, NotFoundError
from credentials.limits import count_call
from credentials.models import ApiKey, ApiKeyScope, ApiKeyStatus
from tenants.tenancy import current_schema

TOKEN_SCHEME = "cofre"  # noqa: S105  (the token's first part, not a secret)
PREFIX_BYTES = 6
SECRET_BYTES = 32
# last_used_at is written at most once a minute per key (one conditional UPDATE); the trail gets an
# "api_key.used" entry at most once an hour per key (the first call after an hour of silence).
USE_STAMP_EVERY = timedelta(minutes=1)
USE_AUDIT_EVERY = timedelta(hours=1)
MAX_ALLOWED_IPS = 50
# How long the old secret keeps working after a rotation, in hours (0: stops at once; 168: 7 days).
MAX_OVERLAP_HOURS = 168
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


class InvalidApiKeyError(AppError):
    """Unknown, wrong, revoked or expired key, or one whose member may no longer act: always a 401."""

    status = 401

    def __init__(self) -> None:
        super().__init__("invalid_api_key")


@dataclass(frozen=True)
class NewKey:
    key: ApiKey
    token: str  # the only time the secret exists outside the caller's hands


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def display_prefix(key: ApiKey) -> str:
    """How the key's token starts (what the list shows to tell keys apart)."""
    return f"{TOKEN_SCHEME}_{key.prefix}"


def parse_token(token: str) -> tuple[str, str] | None:
    """(prefix, secret) of a well-formed token, else None."""
    parts = token.strip().split("_", 2)
    if len(parts) != 3 or parts[0] != TOKEN_SCHEME:
        return None
    prefix, secret = parts[1], parts[2]
    if not 0 < len(prefix) <= 16 or not 0 < len(secret) <= 128:
        return None
    return prefix, secret


# ----------------------------------------------------------------------------------- management
def keys_of_tenant() -> QuerySet[ApiKey]:
    """Every key of this schema (the tenant of the host), newest first; revoked ones included."""
    return ApiKey.objects.all()


def access_key(key_id: str) -> ApiKey:
    """A key of this schema by its public id (prefix); any other id answers 404."""
    key = ApiKey.objects.filter(prefix=key_id).first()
    if key is None:
        raise NotFoundError
    return key


def normalize_allowed_ips(values: Sequence[str]) -> list[str]:
    """CIDRs (or single addresses) in canonical form, duplicates dropped; a bad one is a field error."""
    if len(values) > MAX_ALLOWED_IPS:
        raise AppError("invalid_input", fields={"allowed_ips": "too_many"})
    networks: list[str] = []
    for value in values:
        try:
            network = str(ipaddress.ip_network(value.strip(), strict=False))
        except ValueError:
            raise AppError("invalid_input", fields={"allowed_ips": "invalid_cidr"}) from None
        if network not in networks:
            networks.append(network)
    return networks


def usable_keys(now: datetime | None = None) -> QuerySet[ApiKey]:
    """Keys of this schema that can still be used (neither revoked nor expired)."""
    moment = now or timezone.now()
    return ApiKey.objects.filter(revoked_at__isnull=True).filter(
        Q(expires_at__isnull=True) | Q(expires_at__gt=moment)
    )


def create_key(
    membership: Membership,
    *,
    name: str,
    expires_at: datetime | None,
    scope: str = ApiKeyScope.FULL,
    allowed_ips: Sequence[str] = (),
    request: HttpRequest | None = None,
) -> NewKey:
    """A key acting for `membership` (its creator); audited. The token is in the answer only.

    At most `API_KEYS_PER_TENANT` usable keys per tenant (`api_key_limit_reached`); counted under a
    lock of the schema's keys, so two creations at once cannot both pass the last free place."""
    label = name.strip()
    if not label:
        raise AppError("invalid_input", fields={"name": "required"})
    if scope not in ApiKeyScope.values:
        raise AppError("invalid_input", fields={"scope": "invalid_choice"})
    networks = normalize_allowed_ips(allowed_ips)
    if expires_at is not None:
        if timezone.is_naive(expires_at):
            expires_at = timezone.make_aware(expires_at)
        if expires_at <= timezone.now():
            raise AppError("api_key_expiry_past", fields={"expires_at": "past"})
    prefix = secrets.token_hex(PREFIX_BYTES)
    secret = secrets.token_hex(SECRET_BYTES)
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", [f"api-keys:{current_schema()}"])
        limit = settings.API_KEYS_PER_TENANT
        if usable_keys().count() >= limit:
            raise AppError("api_key_limit_reached", status=409, limit=limit)
        key = ApiKey.objects.create(
            prefix=prefix,
            name=label,
            secret_hash=hash_secret(secret),
            membership_id=membership.pk,
            user_id=membership.user_id,
            created_by_email=membership.user.email,
            expires_at=expires_at,
            scope=scope,
            allowed_ips=networks,
        )
        audit.record(
            "api_key.created",
            actor=membership.user,
            target=key,
            request=request,
            data={
                "prefix": display_prefix(key),
                "name": label,
                "expires_at": expires_at.isoformat() if expires_at else None,
                "scope": scope,
                "allowed_ips": networks,
            },
        )
    return NewKey(key=key, token=f"{TOKEN_SCHEME}_{prefix}_{secret}")


def revoke_key(membership: Membership, key: ApiKey, *, request: HttpRequest | None = None) -> ApiKey:
    """Revoke at once and for good (a revoked key answers 401 from the next call); audited once."""
    with transaction.atomic():
        locked = ApiKey.objects.select_for_update().get(pk=key.pk)
        if locked.revoked_at is None:
            locked.revoked_at = timezone.now()
            locked.revoked_by_id = membership.user_id
            locked.save(update_fields=["revoked_at", "revoked_by_id"])
            audit.record(
                "api_key.revoked",
                actor=membership.user,
                target=locked,
                request=request,
                data={"prefix": display_prefix(locked), "name": locked.name},
            )
    return locked


def rotate_key(
    membership: Membership, key: ApiKey, *, overlap_hours: int, request: HttpRequest | None = None
) -> NewKey:
    """A new secret for `key` (same id, name, scope and allow-list), in the answer only; the old
    secret keeps working for `overlap_hours` (0: it stops at once), then answers 401. Audited.

    Only an active key rotates (`api_key_not_active`, 409). Rotating again during an overlap ends the
    overlap of the secret before: at most two secrets work at any moment."""
    if not 0 <= overlap_hours <= MAX_OVERLAP_HOURS:
        raise AppError("invalid_input", fields={"overlap_hours": "invalid"})
    secret = secrets.token_hex(SECRET_BYTES)
    with transaction.atomic():
        locked = ApiKey.objects.select_for_update().get(pk=key.pk)
        now = timezone.now()
        if locked.status_at(now) is not ApiKeyStatus.ACTIVE:
            raise AppError("api_key_not_active", status=409)
        locked.previous_secret_hash = locked.secret_hash if overlap_hours else ""
        locked.previous_secret_expires_at = now + timedelta(hours=overlap_hours) if overlap_hours else None
        locked.secret_hash = hash_secret(secret)
        locked.rotated_at = now
        until = locked.previous_secret_expires_at
        locked.save(
            update_fields=["secret_hash", "previous_secret_hash", "previous_secret_expires_at", "rotated_at"]
        )
        audit.record(
            "api_key.rotated",
            actor=membership.user,
            target=locked,
            request=request,
            data={
                "prefix": display_prefix(locked),
                "name": locked.name,
                "overlap_hours": overlap_hours,
                "previous_secret_expires_at": until.isoformat() if until else None,
            },
        )
    return NewKey(key=locked, token=f"{TOKEN_SCHEME}_{locked.prefix}_{secret}")


def secret_matches(key: ApiKey, secret: str, now: datetime) -> bool:
    """The current secret, or the one before the last rotation while its overlap lasts."""
    digest = hash_secret(secret)
    if hmac.compare_digest(key.secret_hash, digest):
        return True
    return key.previous_secret_active(now) and hmac.compare_digest(key.previous_secret_hash, digest)


# ------------------------------------------------------------------------------- authentication
def authenticate_token(token: str, *, request: HttpRequest | None = None) -> Membership:
    """The membership a token acts for on this host's schema, with the member's current role.

    Refused (InvalidApiKeyError) when the token is malformed or unknown *in this schema* (a key of
    another tenant is simply not there), the secret does not match, the key is revoked or expired, or
    its member may no longer act here (`acting_membership`: the same rule as a session's).
    """
    schema = current_schema()
    parsed = parse_token(token)
    if parsed is None or schema == get_public_schema_name():  # the platform has no keys (no table)
        raise InvalidApiKeyError
    prefix, secret = parsed
    key = ApiKey.objects.filter(prefix=prefix).first()
    now = timezone.now()
    if key is None or not secret_matches(key, secret, now):
        raise InvalidApiKeyError
    if key.status_at(now) is not ApiKeyStatus.ACTIVE:
        raise InvalidApiKeyError
    membership = acting_membership(key.user_id, schema)
    if membership is None or membership.pk != key.membership_id:
        raise InvalidApiKeyError
    if request is not None:
        check_call(key, request)
    _stamp_use(key, membership, now, request)
    return membership


def address_allowed(key: ApiKey, address: str | None) -> bool:
    if not key.allowed_ips:
        return True
    try:
        ip = ipaddress.ip_address(address or "")
    except ValueError:
        return False
    return any(ip in ipaddress.ip_network(cidr, strict=False) for cidr in key.allowed_ips)


def check_call(key: ApiKey, request: HttpRequest) -> None:
    """What a valid key may do on this call: from an allowed address (`key_ip_not_allowed`), within
    its rate (`key_rate_limited`, 429), and only safe methods when read-only (`key_read_only`)."""
    if not address_allowed(key, audit.client_ip(request)):
        raise ForbiddenError("key_ip_not_allowed")
    count_call(key.prefix)
    if key.scope == ApiKeyScope.READ_ONLY and (request.method or "GET").upper() not in SAFE_METHODS:
        raise ForbiddenError("key_read_only")


def _stamp_use(key: ApiKey, membership: Membership, now: datetime, request: HttpRequest | None) -> None:
    previous = key.last_used_at
    if previous is not None and now - previous < USE_STAMP_EVERY:
        return
    # Conditional: of concurrent calls only one writes (and audits) per minute.
    stale = Q(last_used_at__isnull=True) | Q(last_used_at__lt=now - USE_STAMP_EVERY)
    if not ApiKey.objects.filter(stale, pk=key.pk).update(last_used_at=now):
        return
    key.last_used_at = now
    if previous is None or now - previous >= USE_AUDIT_EVERY:
        audit.record(
            "api_key.used",
            actor=membership.user,
            target=key,
            request=request,
            data={"prefix": display_prefix(key), "first_use": previous is None},
        )
