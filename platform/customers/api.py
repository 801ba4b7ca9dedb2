"""Customers: /api/customers (client/crm) and /api/kyc/consult/{document} (client/kyc-consult)."""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime,
# through the access.guard wrappers, and cannot resolve postponed (string) annotations there.

from typing import Any

from django.db import transaction
from django.http import HttpRequest
from ninja import Query, Router
from ninja.responses import Status

from access.guard import membership_of, requires_route
from core.idempotency import idempotent
from core.pagination import keyset_page
from customers import contacts, kyc, services
from customers.models import Customer, CustomerNote
from customers.schemas import (
    ContactListOut,
    ContactQuery,
    CustomerDetailOut,
    CustomerListOut,
    CustomerNoteIn,
    CustomerNoteOut,
    CustomerOut,
    CustomerQuery,
    CustomerTagsIn,
    KycConsultOut,
)

router = Router(tags=["customers"])
CRM_ROUTES = ("client/crm",)
SORTS = ("last_seen_at", "deposit_total", "deposit_count", "search_name")


def customer_out(c: Customer) -> dict[str, Any]:
    return {
        "document": c.document,
        "name": c.name,
        "email": c.email,
        "phone": c.phone,
        "deposit_count": c.deposit_count,
        "deposit_total": c.deposit_total,
        "refund_count": c.refund_count,
        "refund_total": c.refund_total,
        "totals": c.totals,
        "first_seen_at": c.first_seen_at,
        "last_seen_at": c.last_seen_at,
        "last_paid_at": c.last_paid_at,
        "tags": c.tags,
    }


def note_out(n: CustomerNote) -> dict[str, Any]:
    return {"id": n.pk, "text": n.text, "author": n.author_email, "created_at": n.created_at}


@router.get("", response=CustomerListOut, summary="The client's customers (payers): search, sort, pages")
@requires_route(*CRM_ROUTES)
def list_customers(request: HttpRequest, filters: Query[CustomerQuery]) -> dict[str, Any]:
    qs = services.customers_for(membership_of(request), filters.q)
    rows, next_cursor = keyset_page(
        qs, sort=filters.sort, allowed=SORTS, cursor=filters.cursor, size=filters.per_page
    )
    return {"items": [customer_out(c) for c in rows], "next_cursor": next_cursor}


@router.get("/{document}", response=CustomerDetailOut, summary="A customer: figures, notes and history")
@requires_route(*CRM_ROUTES)
def get_customer(request: HttpRequest, document: str) -> dict[str, Any]:
    membership = membership_of(request)
    customer = services.access_customer(membership, document)
    history = [
        {"kind": r.kind, "id": r.public_id, "method": r.method, "status": r.status, "amount": r.amount,
         "currency": r.currency, "created_at": r.created_at}
        for r in services.history(membership, customer)
    ]  # fmt: skip
    notes = [note_out(n) for n in customer.notes.all()[:100]]
    return {**customer_out(customer), "notes": notes, "history": history}


@router.post("/{document}/notes", response={201: CustomerNoteOut}, summary="Add a note to a customer")
@requires_route(*CRM_ROUTES, write=True)
@idempotent("customer_notes.create")
def add_note(request: HttpRequest, document: str, payload: CustomerNoteIn) -> Status[dict[str, Any]]:
    with transaction.atomic():
        note = services.add_note(membership_of(request), document, payload.text)
    return Status(201, note_out(note))


@router.put("/{document}/tags", response=CustomerOut, summary="Replace a customer's tags")
@requires_route(*CRM_ROUTES, write=True)
def set_tags(request: HttpRequest, document: str, payload: CustomerTagsIn) -> dict[str, Any]:
    with transaction.atomic():
        return customer_out(services.set_tags(membership_of(request), document, payload.tags))


kyc_router = Router(tags=["customers"])
KYC_ROUTES = ("client/kyc-consult",)


@kyc_router.get(
    "/consult/{document}", response=KycConsultOut, summary="What the platform knows of a CPF/CNPJ"
)
@requires_route(*KYC_ROUTES)
def consult_document(request: HttpRequest, document: str) -> dict[str, Any]:
    return kyc.consult(membership_of(request), document)


CONTACT_ROUTES = ("employee/kyc-phones-emails",)
CONTACT_SORTS = ("documents", "last_seen_at")


@kyc_router.get(
    "/contacts", response=ContactListOut, summary="E-mails and phones and the documents using them"
)
@requires_route(*CONTACT_ROUTES)
def list_contacts(request: HttpRequest, filters: Query[ContactQuery]) -> dict[str, Any]:
    qs = contacts.points_for(membership_of(request), kind=filters.kind, shared=filters.shared, q=filters.q)
    rows, next_cursor = keyset_page(
        qs, sort=filters.sort, allowed=CONTACT_SORTS, cursor=filters.cursor, size=filters.per_page
    )
    used_by = contacts.documents_of(membership_of(request), rows)
    items = [
        {"id": p.pk, "kind": p.kind, "value": p.value, "documents": p.documents,
         "shared": p.documents >= contacts.SHARED_THRESHOLD, "first_seen_at": p.first_seen_at,
         "last_seen_at": p.last_seen_at, "used_by": used_by.get(p.pk, [])}
        for p in rows
    ]  # fmt: skip
    return {"items": items, "next_cursor": next_cursor, "threshold": contacts.SHARED_THRESHOLD}
