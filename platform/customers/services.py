"""client/crm: the client's customers (its payers), their history, the client's notes and tags.

Every read and write goes through `access_customer` / `customers_for`: the client's own tenant only
(the schema the request is in), else 404. History is read from the public index filtered by this
client and the document, so another client's movements of the same payer never show.
"""

from __future__ import annotations

import re

from django.db.models import QuerySet

from accounts.models import Membership
from audit import services as audit
from brazil.documents import strip_document, validate_document
from brazil.errors import DocumentError
from core.errors import AppError, NotFoundError
from core.text import search_text
from customers.models import MAX_TAG, MAX_TAGS, Customer, CustomerNote
from gateway.models import TransactionIndex
from tenants.models import Tenant, TenantKind
from tenants.tenancy import current_schema

HISTORY_SIZE = 100  # the newest movements of a customer shown on its page
MAX_NOTE = 1000
DIGITS_RE = re.compile(r"[0-9A-Za-z]+")
WORD_RE = re.compile(r"\w+")


def parse_document(text: str, field: str = "document") -> str:
    """The CPF/CNPJ in its normal form; a malformed one is a 400 with the field's error code."""
    try:
        return validate_document(text).value
    except DocumentError as exc:
        raise AppError("invalid_input", fields={field: exc.code}) from exc


def client_tenant(membership: Membership) -> Tenant:
    """The client the request is for: the member's own tenant, on its own host, else 404."""
    tenant = membership.tenant
    if tenant.kind != TenantKind.CLIENT or tenant.schema_name != current_schema():
        raise NotFoundError
    return tenant


def customers_for(membership: Membership, q: str = "") -> QuerySet[Customer]:
    client_tenant(membership)
    qs = Customer.objects.all()
    term = q.strip()
    if not term:
        return qs
    compact = strip_document(term)
    if DIGITS_RE.fullmatch(compact) and any(c.isdigit() for c in compact):  # a (part of a) CPF/CNPJ
        return qs.filter(document__startswith=compact.upper())
    for word in WORD_RE.findall(search_text(term)):
        qs = qs.filter(search_name__contains=word)
    return qs


def access_customer(membership: Membership, document: str) -> Customer:
    value = parse_document(document)
    found = customers_for(membership).filter(document=value).first()
    if found is None:
        raise NotFoundError
    return found


def history(membership: Membership, customer: Customer) -> list[TransactionIndex]:
    """The customer's deposits, refunds and payouts (as beneficiary) at this client, newest first."""
    tenant = client_tenant(membership)
    rows = TransactionIndex.objects.filter(tenant=tenant, document=customer.document)
    return list(rows.order_by("-created_at", "-id")[:HISTORY_SIZE])


def add_note(membership: Membership, document: str, text: str) -> CustomerNote:
    customer = access_customer(membership, document)
    body = text.strip()
    if not body:
        raise AppError("invalid_input", fields={"text": "required"})
    if len(body) > MAX_NOTE:
        raise AppError("invalid_input", fields={"text": "too_long"})
    note = CustomerNote.objects.create(
        customer=customer, text=body, author_id=membership.user_id, author_email=membership.user.email
    )
    audit.record("customer.note", actor=membership.user, target=customer, data={"note": note.pk})
    return note


def set_tags(membership: Membership, document: str, tags: list[str]) -> Customer:
    customer = access_customer(membership, document)
    clean: list[str] = []
    for tag in tags:
        value = " ".join(tag.split())
        if not value or len(value) > MAX_TAG:
            raise AppError("invalid_input", fields={"tags": "invalid_tag"})
        if value.casefold() not in {t.casefold() for t in clean}:
            clean.append(value)
    if len(clean) > MAX_TAGS:
        raise AppError("invalid_input", fields={"tags": "too_many"})
    before = list(customer.tags)
    customer.tags = clean
    customer.save(update_fields=["tags", "updated_at"])
    audit.record("customer.tags", actor=membership.user, target=customer, data={"from": before, "to": clean})
    return customer
