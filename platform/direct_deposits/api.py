"""PIX keys and direct deposits: /api/pix-keys and /api/direct-deposits (a client's own, route
clients/direct_deposits), /api/admin/direct-deposits (staff across the clients they may see, route
employee/direct_deposits, from the public transaction index)."""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime,
# through the access.guard wrappers, and cannot resolve postponed (string) annotations there.

from typing import Any

from django.http import HttpRequest
from ninja import Query, Router
from ninja.responses import Status

from access.guard import membership_of, requires_route
from core.idempotency import idempotent
from core.pagination import keyset_page
from direct_deposits import services
from direct_deposits.models import MAX_KEYS, PixKey
from direct_deposits.schemas import (
    DirectDepositListOut,
    DirectDepositQuery,
    PixKeyIn,
    PixKeyListOut,
    PixKeyOut,
    StaffDirectDepositListOut,
    StaffDirectDepositQuery,
)
from gateway.models import TransactionIndex
from payments.models import Deposit

keys_router = Router(tags=["direct deposits"])
deposits_router = Router(tags=["direct deposits"])
staff_router = Router(tags=["direct deposits"])

CLIENT_ROUTE = "clients/direct_deposits"
STAFF_ROUTE = "employee/direct_deposits"
SORTS = ("created_at", "amount")


def key_out(row: PixKey) -> dict[str, Any]:
    return {
        "id": row.public_id,
        "key_type": row.key_type,
        "key": row.key,
        "provider": row.provider,
        "created_at": row.created_at,
    }


def deposit_out(row: Deposit) -> dict[str, Any]:
    return {
        "id": row.public_id,
        "status": row.status,
        "amount": row.amount,
        "fee": row.fee,
        "currency": row.currency,
        "payer_name": row.payer_name,
        "payer_document": row.payer_document,
        "key": row.pix_key,
        "end_to_end_id": row.provider_reference,
        "created_at": row.created_at,
        "settle_on": row.settle_on.isoformat() if row.settle_on else None,
    }


def staff_out(row: TransactionIndex) -> dict[str, Any]:
    return {
        "id": row.public_id,
        "client": row.tenant.slug,
        "client_name": row.tenant.name,
        "status": row.status,
        "amount": row.amount,
        "fee": row.fee,
        "currency": row.currency,
        "payer_name": row.name,
        "payer_document": row.document,
        "key": row.destination,
        "end_to_end_id": row.provider_reference,
        "created_at": row.created_at,
    }


@keys_router.get("", response=PixKeyListOut, summary="The client's PIX keys")
@requires_route(CLIENT_ROUTE)
def list_keys(request: HttpRequest) -> dict[str, Any]:
    rows = services.keys_for(membership_of(request)).order_by("created_at", "id")
    return {"items": [key_out(r) for r in rows], "limit": MAX_KEYS}


@keys_router.post(
    "", response={201: PixKeyOut}, summary="Register a PIX key (at most 20; a key belongs to one client)"
)
@requires_route(CLIENT_ROUTE, write=True)
@idempotent("pix_keys.create")
def add_key(request: HttpRequest, payload: PixKeyIn) -> Status[dict[str, Any]]:
    row = services.add_pix_key(membership_of(request), payload.key_type, payload.key)
    return Status(201, key_out(row))


@keys_router.delete("/{key_id}", response={204: None}, summary="Remove a PIX key (audited)")
@requires_route(CLIENT_ROUTE, write=True)
def remove_key(request: HttpRequest, key_id: str) -> Status[None]:
    services.remove_pix_key(membership_of(request), key_id)
    return Status(204, None)


def _filters(q: DirectDepositQuery, client: str = "") -> services.DirectFilters:
    return services.DirectFilters(
        status=tuple(q.status), key=q.key.strip(), client=client, date_from=q.date_from,
        date_to=q.date_to, q=q.q,
    )  # fmt: skip


@deposits_router.get(
    "", response=DirectDepositListOut, summary="Direct deposits received on the client's keys"
)
@requires_route(CLIENT_ROUTE)
def list_direct_deposits(request: HttpRequest, filters: Query[DirectDepositQuery]) -> dict[str, Any]:
    qs = services.direct_deposits_for(membership_of(request), _filters(filters))
    rows, next_cursor = keyset_page(
        qs, sort=filters.sort, allowed=SORTS, cursor=filters.cursor, size=filters.per_page
    )
    return {"items": [deposit_out(r) for r in rows], "next_cursor": next_cursor}


@staff_router.get("", response=StaffDirectDepositListOut, summary="Direct deposits of every client in scope")
@requires_route(STAFF_ROUTE)
def list_staff_direct_deposits(
    request: HttpRequest, filters: Query[StaffDirectDepositQuery]
) -> dict[str, Any]:
    qs = services.staff_direct_deposits(membership_of(request), _filters(filters, filters.client))
    rows, next_cursor = keyset_page(
        qs, sort=filters.sort, allowed=SORTS, cursor=filters.cursor, size=filters.per_page
    )
    return {"items": [staff_out(r) for r in rows], "next_cursor": next_cursor}
