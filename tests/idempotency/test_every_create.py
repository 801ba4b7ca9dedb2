"""`Idempotency-Key` on every create call (issue 17): the OpenAPI document lists the header on every
POST that makes a record, and each create that had none before (core.idempotency.idempotent) answers a
retry with the same key and body with the first answer (nothing made twice), the same key with another
body with a translated 409 idempotency_conflict, and without a key creates each time."""

from __future__ import annotations

import io
import json
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone
from django_tenants.utils import schema_context

from core.messages import MESSAGES
from core.models import IdempotentRequest
from customers.models import Customer
from ops.demo import demo_email
from tests.kyc.test_kyc_api import PDF, new_client
from tests.payout_imports.helpers import PIX, csv_bytes, unique
from tests.support.http import ApiClient
from tests.support.second_factor import enrol_second_factor

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


# Creates that are a ceremony, not a record a merchant's system makes: registering a passkey answers a
# single-use WebAuthn challenge (the same attestation sent again is refused by its challenge), and its
# answer carries recovery codes that must never be stored to be replayed.
NOT_RETRIED = {"/api/auth/security/passkeys"}


def test_the_api_document_lists_the_header_on_every_create() -> None:
    document = json.loads((ROOT / "frontend" / "openapi.json").read_text())
    creates, missing = [], []
    for path, operations in document["paths"].items():
        post = operations.get("post")
        if post is None or "201" not in post.get("responses", {}) or path in NOT_RETRIED:
            continue  # not a create (an action on a record, a login, ...)
        creates.append(path)
        headers = {p["name"] for p in post.get("parameters", []) if p.get("in") == "header"}
        if "Idempotency-Key" not in headers:
            missing.append(path)
    assert len(creates) >= 15
    assert missing == []


def logged(slug: str, role: str, language: str = "en") -> ApiClient:
    client = ApiClient(slug, language=language)
    client.login_as(role)
    return client


def stepped_up(slug: str, role: str) -> ApiClient:
    """A session with a fresh second factor (adding a member gives a role: a step-up-protected create);
    the user enrols one and logs in with its code."""
    enrol_second_factor(demo_email(role))
    return logged(slug, role)


@dataclass(frozen=True)
class Create:
    """One create call: who calls it (host, role or a factory), where, and a body per tag."""

    name: str
    who: Callable[[], ApiClient]
    path: str
    body: Callable[[str], dict[str, Any]]
    multipart: bool = False

    def send(self, client: ApiClient, tag: str, key: str | None) -> Any:
        headers = {"Idempotency-Key": key} if key else {}
        if self.multipart:
            return client.post(self.path, self.body(tag), headers=headers)
        return client.post(
            self.path, json.dumps(self.body(tag)), content_type="application/json", headers=headers
        )


NOTE_DOCUMENT = "52998224725"


def customer_owner() -> ApiClient:
    """acme's client, with a customer to write notes about."""
    with schema_context("acme"):
        Customer.objects.get_or_create(
            document=NOTE_DOCUMENT,
            defaults={
                "name": "João da Silva",
                "first_seen_at": timezone.now(),
                "last_seen_at": timezone.now(),
            },
        )
    return logged("acme", "client")


def _csv(tag: str) -> dict[str, Any]:
    handle = io.BytesIO(csv_bytes([[*unique(PIX)[:8], f"{tag}@example.com"]]))
    handle.name = "saques.csv"
    return {"file": handle}


CREATES = [
    Create("pix key", lambda: logged("acme", "client"), "/api/pix-keys",
           lambda tag: {"key_type": "email", "key": f"idem-{tag}@example.com"}),
    Create("partner client", lambda: logged("orbita", "partner_admin"), "/api/partner/clients",
           lambda tag: {"slug": f"idem{tag}", "name": f"Idem {tag}", "owner_email": f"owner@idem{tag}.test"}),
    Create("customer note", customer_owner, f"/api/customers/{NOTE_DOCUMENT}/notes",
           lambda tag: {"text": f"Ligou pedindo segunda via ({tag})"}),
    Create("KYC document", lambda: new_client()[1], "/api/kyc/documents",
           lambda tag: {"kind": "other", "file": SimpleUploadedFile(f"{tag}.pdf", PDF + tag.encode())},
           multipart=True),
    Create("restriction", lambda: logged("public", "admin"), "/api/restrictions",
           lambda tag: {"kind": "email", "value": f"fraud-{tag}@example.com", "scope": "platform",
                        "client": None, "reason": "Fraude confirmada pelo banco", "expires_at": None}),
    Create("API key", lambda: logged("acme", "client"), "/api/credentials/keys",
           lambda tag: {"name": f"ERP {tag}"}),
    Create("adjustment", lambda: logged("public", "admin"), "/api/statements/adjustments",
           lambda tag: {"client": "acme", "direction": "credit", "amount": 100 + int(tag, 16) % 97,
                        "currency": "BRL", "reason": f"Acordo comercial {tag}"}),
    Create("member", lambda: stepped_up("acme", "client"), "/api/members",
           lambda tag: {"email": f"member-{tag}@acme.test", "role": "client_user"}),
    Create("notice", lambda: logged("public", "admin"), "/api/notices",
           lambda tag: {"message_pt_br": f"Manutenção {tag}", "message_en": f"Maintenance {tag}",
                        "audience": "clients"}),
    Create("tenant", lambda: logged("public", "admin"), "/api/admin/tenants",
           lambda tag: {"slug": f"idt{tag}", "name": f"Idem {tag}", "kind": "client",
                        "owner_email": f"o@idt{tag}.test"}),
    Create("payout import", lambda: logged("acme", "client"), "/api/payout-imports", _csv, multipart=True),
]  # fmt: skip


@pytest.mark.parametrize("create", CREATES, ids=[c.name for c in CREATES])
def test_a_retry_answers_the_first_answer_and_another_body_is_a_conflict(create: Create) -> None:
    client = create.who()
    key = f"idem-{uuid.uuid4()}"
    tag, other = uuid.uuid4().hex[:8], uuid.uuid4().hex[:8]
    first = create.send(client, tag, key)
    assert first.status_code == 201, first.content
    again = create.send(client, tag, key)
    assert again.status_code == 201, again.content
    assert again.json() == first.json()  # the stored answer: the same record, not a second one
    conflict = create.send(client, other, key)
    assert conflict.status_code == 409, conflict.content
    assert conflict.json()["code"] == "idempotency_conflict"
    assert conflict.json()["message"] == MESSAGES["idempotency_conflict"]["en"]
    # without a key, each call creates: a new answer (a new id) every time
    fresh = create.send(client, uuid.uuid4().hex[:8], None)
    assert fresh.status_code == 201, fresh.content
    assert fresh.json() != first.json()


def test_the_conflict_is_said_in_portuguese() -> None:
    acme = logged("acme", "client", language="pt-BR")
    key = f"idem-{uuid.uuid4()}"
    body = {"key_type": "email", "key": f"pt-{uuid.uuid4().hex[:8]}@example.com"}
    headers = {"Idempotency-Key": key}
    made = acme.post("/api/pix-keys", json.dumps(body), content_type="application/json", headers=headers)
    assert made.status_code == 201, made.content
    other = {**body, "key": f"pt-{uuid.uuid4().hex[:8]}@example.com"}
    refused = acme.post("/api/pix-keys", json.dumps(other), content_type="application/json", headers=headers)
    assert refused.status_code == 409
    assert refused.json()["message"] == MESSAGES["idempotency_conflict"]["pt-BR"]


def test_a_key_is_its_tenants_own() -> None:
    """The same key and body at two clients: two records, one in each schema, neither answered the other's."""
    key = f"idem-{uuid.uuid4()}"
    answers = []
    for slug, client in (new_client(), new_client()):
        upload = {"kind": "other", "file": SimpleUploadedFile("same.pdf", PDF)}
        response = client.post("/api/kyc/documents", upload, headers={"Idempotency-Key": key})
        assert response.status_code == 201, response.content
        answers.append(response.json()["id"])
        with schema_context(slug):
            assert IdempotentRequest.objects.filter(key=key).count() == 1
    assert answers[0] != answers[1]


def test_a_malformed_key_is_a_field_error_and_nothing_is_made() -> None:
    acme = logged("acme", "client")
    body = {"key_type": "email", "key": f"bad-{uuid.uuid4().hex[:8]}@example.com"}
    bad = acme.post(
        "/api/pix-keys", json.dumps(body), content_type="application/json", headers={"Idempotency-Key": "a b"}
    )
    assert bad.status_code == 400, bad.content
    assert "Idempotency-Key" in bad.json()["fields"]
    listed = acme.get("/api/pix-keys").json()
    items = listed["items"] if isinstance(listed, dict) else listed
    assert body["key"] not in {k.get("key") for k in items}


def test_a_stored_answer_expires_after_a_day_and_the_key_then_makes_a_new_record() -> None:
    """The periodic job's purge (core.idempotency.purge_expired, in the tenant's schema) deletes answers
    older than IDEMPOTENCY_KEEP_SECONDS and keeps the newer ones; a retry after that makes a new record."""
    from datetime import timedelta

    from core import idempotency

    acme = logged("acme", "client")
    key = f"exp-{uuid.uuid4()}"
    body = {"key_type": "email", "key": f"exp-{uuid.uuid4().hex[:8]}@example.com"}
    fresh_key = f"fresh-{uuid.uuid4()}"
    fresh_body = {"key_type": "email", "key": f"fresh-{uuid.uuid4().hex[:8]}@example.com"}
    for k, b in ((key, body), (fresh_key, fresh_body)):
        made = acme.post(
            "/api/pix-keys", json.dumps(b), content_type="application/json", headers={"Idempotency-Key": k}
        )
        assert made.status_code == 201, made.content
    with schema_context("acme"):
        IdempotentRequest.objects.filter(key=key).update(created_at=timezone.now() - timedelta(hours=25))
        assert idempotency.purge_expired() >= 1
        assert not IdempotentRequest.objects.filter(key=key).exists()
        assert IdempotentRequest.objects.filter(key=fresh_key).exists()  # a day not yet past: kept
    # the same key again: no stored answer, so the create runs (the key itself is a duplicate now)
    again = acme.post(
        "/api/pix-keys", json.dumps(body), content_type="application/json", headers={"Idempotency-Key": key}
    )
    assert again.status_code in (400, 409, 422), again.content
    assert again.json()["code"] != "idempotency_conflict"
    replay = acme.post(
        "/api/pix-keys",
        json.dumps(fresh_body),
        content_type="application/json",
        headers={"Idempotency-Key": fresh_key},
    )
    assert replay.status_code == 201  # the kept answer, replayed
