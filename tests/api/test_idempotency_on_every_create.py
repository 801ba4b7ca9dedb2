"""`Idempotency-Key` on every create a merchant's system calls besides deposits, refunds and payouts
(issue 17): bank accounts, webhook endpoints, exports and a customer's wallet deposits. The same key
and body answer the first record (200, one row); another body, or another user, with the same key is
a 409 `idempotency_conflict` that writes nothing; a malformed key is a field error."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.db.models import Model
from django_tenants.utils import schema_context

from bank_accounts.models import BankAccount
from exports.models import Export
from payments.models import Deposit
from tests.support.http import ApiClient
from tests.support.routes import BODIES
from webhooks.models import WebhookEndpoint

pytestmark = pytest.mark.django_db


@dataclass(frozen=True)
class Create:
    path: str
    role: str  # who creates (acme's)
    other_role: str  # another user of acme who may create the same
    model: type[Model]
    created: int  # the status of a first create
    change: Callable[[dict[str, Any]], dict[str, Any]]  # another body

    @property
    def body(self) -> dict[str, Any]:
        return dict(BODIES[("POST", self.path)])


CREATES = [
    Create(
        "/api/bank-accounts", "client", "client_user_admin", BankAccount, 201,
        lambda b: b | {"agency": "4321"},
    ),
    Create(
        "/api/webhook-endpoints", "client", "client_user_admin", WebhookEndpoint, 201,
        lambda b: b | {"events": ["payout.confirmed"]},
    ),
    Create("/api/exports", "client", "client_user_admin", Export, 202, lambda b: b | {"format": "xlsx"}),
    Create("/api/wallet/deposits", "customer", "customer", Deposit, 201, lambda b: b | {"amount": 2_000}),
]  # fmt: skip


def as_role(role: str) -> ApiClient:
    client = ApiClient("acme")
    client.login_as(role)
    return client


def rows(create: Create, key: str) -> int:
    with schema_context("acme"):
        return int(create.model.objects.filter(idempotency_key=key).count())  # type: ignore[attr-defined]


@pytest.mark.parametrize("create", CREATES, ids=lambda c: c.path)
def test_the_same_key_and_body_answer_the_first_record(create: Create) -> None:
    client = as_role(create.role)
    key = f"order-{uuid.uuid4().hex}"
    first = client.post_json(create.path, create.body, headers={"Idempotency-Key": key})
    assert first.status_code == create.created, first.content
    again = client.post_json(create.path, create.body, headers={"Idempotency-Key": key})
    assert again.status_code == 200, again.content
    assert again.json()["id"] == first.json()["id"]
    if create.model is WebhookEndpoint:  # the signing secret, to the same caller, the same
        assert again.json()["secret"] == first.json()["secret"]
    assert rows(create, key) == 1


@pytest.mark.parametrize("create", CREATES, ids=lambda c: c.path)
def test_the_same_key_with_another_body_is_a_conflict_that_writes_nothing(create: Create) -> None:
    client = as_role(create.role)
    key = f"order-{uuid.uuid4().hex}"
    assert client.post_json(create.path, create.body, headers={"Idempotency-Key": key}).status_code < 300
    with schema_context("acme"):
        before = create.model.objects.count()  # type: ignore[attr-defined]
    other = client.post_json(create.path, create.change(create.body), headers={"Idempotency-Key": key})
    assert other.status_code == 409, other.content
    assert other.json()["code"] == "idempotency_conflict"
    with schema_context("acme"):
        assert create.model.objects.count() == before  # type: ignore[attr-defined]


@pytest.mark.parametrize("create", [c for c in CREATES if c.role != c.other_role], ids=lambda c: c.path)
def test_another_users_key_is_never_answered_with_the_first_record(create: Create) -> None:
    key = f"order-{uuid.uuid4().hex}"
    first = as_role(create.role).post_json(create.path, create.body, headers={"Idempotency-Key": key})
    assert first.status_code == create.created, first.content
    stranger = as_role(create.other_role).post_json(
        create.path, create.body, headers={"Idempotency-Key": key}
    )
    assert stranger.status_code == 409, stranger.content
    assert "secret" not in stranger.json()


@pytest.mark.parametrize("create", CREATES, ids=lambda c: c.path)
def test_without_a_key_every_call_creates_and_a_malformed_key_is_a_field_error(create: Create) -> None:
    client = as_role(create.role)
    ids = {client.post_json(create.path, create.body).json()["id"] for _ in range(2)}
    assert len(ids) == 2
    bad = client.post_json(create.path, create.body, headers={"Idempotency-Key": "with space"})
    assert bad.status_code == 400
    assert bad.json()["fields"] == {"Idempotency-Key": "invalid_format"}
