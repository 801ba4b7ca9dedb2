"""KYC onboarding through the HTTP API: a client fills in its file, uploads its documents (checked
by content, stored in its own schema) and submits it; staff take it into review and approve or reject
it (audited in both trails, the client notified); transitions outside the table are refused (409);
a client reaches only its own file and documents, staff every client's; with the platform setting
on, a client whose file is not approved asks for no payout."""

from __future__ import annotations

import uuid
from datetime import timedelta
from itertools import product
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone
from django_tenants.utils import schema_context

from accounts.models import Membership, User
from audit.models import AuditEntry
from core.errors import AppError
from files.models import StoredFile
from kyc import services as kyc
from kyc.models import KycFile, KycStatus
from notifications.models import Notification
from ops.demo import DEMO_PASSWORD
from platform_settings.models import SETTINGS_PK, PlatformSettings
from tenants.models import Tenant
from tenants.services import create_tenant
from tests.payouts.helpers import BB_ACCOUNT, create_payout, fund, logged
from tests.support.http import ApiClient
from tests.support.second_factor import login_payload

pytestmark = pytest.mark.django_db

PDF = b"%PDF-1.4\n%demo\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64
JPEG = b"\xff\xd8\xff\xe0" + b"\x00" * 64
COMPANY = {
    "legal_name": "Nova Empresa Ltda",
    "trade_name": "Nova",
    "cnpj": "11.222.333/0001-81",
    "people": [
        {"role": "representative", "name": "Ana Souza", "cpf": "390.533.447-05"},
        {"role": "owner", "name": "Ana Souza", "cpf": "390.533.447-05", "share_bp": 7550},
        {"role": "owner", "name": "Bruno Lima", "cpf": "529.982.247-25", "share_bp": 2450},
    ],
}
REASON = "Comprovante de endereço ilegível: envie outro."


def new_client() -> tuple[str, ApiClient]:
    """A client company of its own (inside the test's transaction) with its owner logged in."""
    slug = f"kyc{uuid.uuid4().hex[:8]}"
    with schema_context("public"):
        tenant = create_tenant(slug=slug, name=f"Empresa {slug}", kind="client")
        user = User.objects.create_user(f"owner@{slug}.test", DEMO_PASSWORD)
        Membership.objects.create(user=user, tenant=tenant, role="client")
    client = ApiClient(slug)
    response = client.post_json("/api/auth/login", {"email": f"owner@{slug}.test", "password": DEMO_PASSWORD})
    assert response.status_code == 200, response.content
    return slug, client


def upload(client: ApiClient, kind: str, content: bytes, name: str = "doc.pdf") -> Any:
    return client.post("/api/kyc/documents", {"kind": kind, "file": SimpleUploadedFile(name, content)})


def filled(client: ApiClient) -> list[str]:
    """Company data, people and the three documents a submission needs: their ids."""
    assert client.put_json("/api/kyc", COMPANY).status_code == 200
    ids = []
    for kind, content in (("articles", PDF), ("id", PNG), ("proof_of_address", JPEG)):
        response = upload(client, kind, content, f"{kind}.bin")
        assert response.status_code == 201, response.content
        ids.append(response.json()["id"])
    return ids


def trail(schema: str, action: str) -> list[AuditEntry]:
    with schema_context(schema):
        return list(AuditEntry.objects.filter(action=action))


@pytest.fixture
def admin() -> ApiClient:
    return logged("public", "admin")


def test_a_client_fills_in_and_submits_and_staff_approve_with_a_review_date(admin: ApiClient) -> None:
    slug, client = new_client()
    draft = client.get("/api/kyc").json()
    assert (draft["status"], draft["editable"], draft["people"], draft["documents"]) == (
        "draft",
        True,
        [],
        [],
    )

    saved = client.put_json("/api/kyc", COMPANY)
    assert saved.status_code == 200, saved.content
    body = saved.json()
    assert (body["cnpj"], body["legal_name"]) == ("11222333000181", "Nova Empresa Ltda")
    assert [(p["role"], p["cpf"], p["share_bp"]) for p in body["people"]] == [
        ("representative", "39053344705", 0), ("owner", "39053344705", 7550), ("owner", "52998224725", 2450),
    ]  # fmt: skip

    early = client.post_json("/api/kyc/submit")
    assert early.status_code == 422
    assert early.json()["code"] == "kyc_incomplete"
    assert set(early.json()["fields"]) == {"documents.articles", "documents.id", "documents.proof_of_address"}

    ids = filled(client)
    submitted = client.post_json("/api/kyc/submit")
    assert submitted.status_code == 200, submitted.content
    assert (submitted.json()["status"], submitted.json()["editable"]) == ("pending", False)
    locked = client.put_json("/api/kyc", COMPANY)
    assert (locked.status_code, locked.json()["code"]) == (409, "kyc_locked")
    assert upload(client, "other", PDF).status_code == 409
    assert client.delete(f"/api/kyc/documents/{ids[0]}").status_code == 409
    assert Notification.objects.filter(kind="kyc.submitted", link="admin/customers-kyc").exists()

    queue = admin.get("/api/admin/kyc", {"status": "pending", "client": slug})
    assert [(i["client"]["slug"], i["status"], i["documents"]) for i in queue.json()["items"]] == [
        (slug, "pending", 3)
    ]
    detail = admin.get(f"/api/admin/kyc/{slug}").json()
    assert [d["kind"] for d in detail["documents"]] == ["articles", "id", "proof_of_address"]
    assert [d["content_type"] for d in detail["documents"]] == ["application/pdf", "image/png", "image/jpeg"]
    download = admin.get(f"/api/admin/kyc/{slug}/documents/{ids[1]}")
    assert download.status_code == 200
    assert download.getvalue() == PNG
    assert download["Content-Type"] == "image/png"

    assert admin.post_json(f"/api/admin/kyc/{slug}/start-review").json()["status"] == "under_review"
    due = (timezone.localdate() + timedelta(days=180)).isoformat()
    approved = admin.post_json(f"/api/admin/kyc/{slug}/approve", {"review_due_on": due})
    assert approved.status_code == 200, approved.content
    assert (approved.json()["status"], approved.json()["review_due_on"], approved.json()["decided_by"]) == (
        "approved", due, "admin@demo.test",
    )  # fmt: skip
    mine = client.get("/api/kyc").json()
    assert (mine["status"], mine["editable"], mine["review_due_on"]) == ("approved", False, due)
    # audited in the platform's trail and the client's own; the client's owner told (the bell)
    for schema in ("public", slug):
        assert [e.data["client"] for e in trail(schema, "kyc.approved")] == [slug]
        assert len(trail(schema, "kyc.submitted")) == 1
    owner = Membership.objects.get(tenant__slug=slug)
    assert list(
        Notification.objects.filter(user=owner.user, tenant=owner.tenant).values_list("kind", flat=True)
    ) == ["kyc.approved", "kyc.under_review"]


def test_a_rejected_file_tells_the_reason_and_is_corrected_and_submitted_again(admin: ApiClient) -> None:
    slug, client = new_client()
    ids = filled(client)
    assert client.post_json("/api/kyc/submit").status_code == 200
    short = admin.post_json(f"/api/admin/kyc/{slug}/reject", {"reason": "ruim"})
    assert (short.status_code, short.json()["fields"]) == (422, {"reason": "reason_too_short"})
    rejected = admin.post_json(f"/api/admin/kyc/{slug}/reject", {"reason": REASON})
    assert rejected.json()["status"] == "rejected"
    mine = client.get("/api/kyc", HTTP_ACCEPT_LANGUAGE="pt-BR").json()
    assert (mine["status"], mine["rejection_reason"], mine["editable"]) == ("rejected", REASON, True)
    owner = Membership.objects.select_related("user").get(tenant__slug=slug)
    notice = Notification.objects.get(user=owner.user, kind="kyc.rejected")
    assert REASON in str(notice.params)
    # the client replaces the unreadable document and submits again
    assert client.delete(f"/api/kyc/documents/{ids[2]}").status_code == 204
    with schema_context(slug):
        assert not StoredFile.objects.filter(public_id__in=[ids[2]]).exists()
    assert upload(client, "proof_of_address", PDF).status_code == 201
    again = client.post_json("/api/kyc/submit").json()
    assert (again["status"], again["rejection_reason"]) == ("pending", REASON)
    assert len(trail("public", "kyc.rejected")) == 1
    assert len(trail(slug, "kyc.document_deleted")) == 1


def test_the_transition_table_is_applied_exactly() -> None:
    expected = {
        ("draft", "submit"): "pending", ("rejected", "submit"): "pending",
        ("pending", "start_review"): "under_review",
        ("pending", "approve"): "approved", ("under_review", "approve"): "approved",
        ("pending", "reject"): "rejected", ("under_review", "reject"): "rejected",
        ("approved", "come_due"): "review_due", ("approved", "reopen"): "review_due",
        ("review_due", "submit"): "pending",
    }  # fmt: skip
    for status, action in product(KycStatus.values, kyc.TRANSITIONS):
        if (status, action) in expected:
            assert kyc.next_status(status, action) == expected[(status, action)]
        else:
            with pytest.raises(AppError) as refused:
                kyc.next_status(status, action)
            assert (refused.value.code, refused.value.status) == ("kyc_transition_refused", 409)


def test_transitions_outside_the_table_are_refused_with_409(admin: ApiClient) -> None:
    slug, client = new_client()
    for action in ("approve", "start-review"):
        answer = admin.post_json(f"/api/admin/kyc/{slug}/{action}", {})
        assert (answer.status_code, answer.json()["code"]) == (409, "kyc_transition_refused"), action
    refused = admin.post_json(f"/api/admin/kyc/{slug}/reject", {"reason": REASON})
    assert refused.status_code == 409
    assert "draft" in refused.json()["message"]
    review = admin.post_json(f"/api/admin/kyc/{slug}/review-date", {"review_due_on": "2030-01-01"})
    assert review.status_code == 409
    filled(client)
    assert client.post_json("/api/kyc/submit").status_code == 200
    assert client.post_json("/api/kyc/submit").status_code == 409  # already pending
    assert KycFile.objects.get(tenant__slug=slug).status == "pending"
    past = admin.post_json(f"/api/admin/kyc/{slug}/approve", {"review_due_on": "2020-01-01"})
    assert (past.status_code, past.json()["fields"]) == (422, {"review_due_on": "review_date_out_of_range"})
    assert admin.post_json(f"/api/admin/kyc/{slug}/approve", {}).json()["status"] == "approved"
    assert admin.post_json(f"/api/admin/kyc/{slug}/approve", {}).status_code == 409
    moved = admin.post_json(f"/api/admin/kyc/{slug}/review-date", {"review_due_on": "2030-01-01"})
    assert moved.json()["review_due_on"] == "2030-01-01"


def test_bad_data_and_bad_uploads_are_refused_with_field_errors() -> None:
    _, client = new_client()
    bad = client.put_json(
        "/api/kyc",
        {"legal_name": "X", "cnpj": "11.222.333/0001-80", "people": [
            {"role": "owner", "name": "", "cpf": "111.111.111-11", "share_bp": 6000},
            {"role": "owner", "name": "B", "cpf": "529.982.247-25", "share_bp": 5000},
            {"role": "owner", "name": "C", "cpf": "390.533.447-05"},
        ]},
    )  # fmt: skip
    assert bad.status_code == 422
    assert bad.json()["fields"] == {
        "cnpj": "invalid_cnpj", "people.0.name": "required", "people.0.cpf": "invalid_cpf",
        "people.2.share_bp": "share_required", "people": "shares_over_100",
    }  # fmt: skip
    assert client.get("/api/kyc").json()["legal_name"] == ""  # nothing half-written
    # documents: by content, never by name
    text = upload(client, "articles", b"MZ\x90\x00 this is not a pdf", "contrato.pdf")
    assert (text.status_code, text.json()["code"]) == (422, "unsupported_document_type")
    csv = upload(client, "articles", b"a,b,c\n1,2,3\n", "contrato.pdf")
    assert csv.status_code == 422
    kind = upload(client, "selfie", PDF)
    assert (kind.status_code, kind.json()["fields"]) == (422, {"kind": "invalid_choice"})
    big = upload(client, "articles", PDF + b"\x00" * kyc.MAX_DOCUMENT_BYTES)
    assert (big.status_code, big.json()["code"]) == (400, "file_too_large")
    missing = client.post("/api/kyc/documents", {"kind": "articles"})
    assert (missing.status_code, missing.json()["fields"]) == (422, {"file": "required"})
    assert client.get("/api/kyc").json()["documents"] == []
    with schema_context(client.slug):
        assert not StoredFile.objects.filter(category="kyc").exists()
    named = upload(client, "id", PNG, "../../etc/passwd.pdf")
    assert named.status_code == 201
    assert (named.json()["content_type"], named.json()["name"]) == ("image/png", "passwd.pdf")


def test_a_client_reaches_only_its_own_file_and_staff_reach_every_client() -> None:
    admin = logged("public", "admin")
    acme = logged("acme", "client")
    beta_file = kyc.file_of(Tenant.objects.get(slug="beta"))
    beta_doc = kyc.documents_of(beta_file)[0].public_id
    # acme's owner, on its own host, asks for beta's document: it does not exist for acme
    assert acme.get(f"/api/kyc/documents/{beta_doc}").status_code == 404
    assert acme.delete(f"/api/kyc/documents/{beta_doc}").status_code in (404, 409)
    assert acme.get("/api/admin/kyc").status_code == 403
    assert acme.get(f"/api/admin/kyc/beta/documents/{beta_doc}").status_code == 403
    assert acme.get("/api/kyc").json()["client"]["slug"] == "acme"
    # beta's owner reads its own document; staff read it too
    beta = ApiClient("beta")
    assert (
        beta.post_json("/api/auth/login", login_payload("owner@beta.demo.test", DEMO_PASSWORD)).status_code
        == 200
    )
    assert beta.get(f"/api/kyc/documents/{beta_doc}").getvalue().startswith(b"%PDF-")
    staff_copy = admin.get(f"/api/admin/kyc/beta/documents/{beta_doc}")
    assert staff_copy.status_code == 200
    assert staff_copy["Cache-Control"] == "private, no-store"
    # a document id of beta asked under acme's file, by staff: not acme's
    assert admin.get(f"/api/admin/kyc/acme/documents/{beta_doc}").status_code == 404
    # staff list across clients in one query: the demo's approved acme and pending beta
    statuses = {
        i["client"]["slug"]: i["status"] for i in admin.get("/api/admin/kyc?per_page=100").json()["items"]
    }
    assert (statuses["acme"], statuses["beta"]) == ("approved", "pending")
    assert admin.get("/api/admin/kyc/public").status_code == 404  # the platform has no KYC file
    assert admin.get("/api/admin/kyc/orbita").status_code == 404  # nor a partner


def test_expiring_files_are_found_by_their_review_date(admin: ApiClient) -> None:
    KycFile.objects.filter(tenant__slug="acme").update(
        review_due_on=timezone.localdate() + timedelta(days=10)
    )
    items = admin.get("/api/admin/kyc", {"status": "expiring"}).json()["items"]
    assert [(i["client"]["slug"], i["expiring"]) for i in items] == [("acme", True)]
    KycFile.objects.filter(tenant__slug="acme").update(
        review_due_on=timezone.localdate() + timedelta(days=90)
    )
    assert admin.get("/api/admin/kyc", {"status": "expiring"}).json()["items"] == []


def _require_kyc(on: bool) -> None:
    PlatformSettings.objects.update_or_create(pk=SETTINGS_PK, defaults={"payouts_require_kyc": on})


def test_with_the_setting_on_a_client_not_approved_asks_for_no_payout(admin: ApiClient) -> None:
    current = admin.get("/api/admin/platform-settings").json()
    assert current["payouts_require_kyc"] is False  # off by default: existing clients keep paying out
    body = {k: v for k, v in current.items() if k not in ("currency", "updated_at")}
    turned = admin.put_json("/api/admin/platform-settings", {**body, "payouts_require_kyc": True})
    assert turned.status_code == 200, turned.content
    assert [e.data["after"] for e in trail("public", "platform_settings.changed")] == [
        {"payouts_require_kyc": True}
    ]

    slug, client = new_client()
    fund(slug, 50_000)
    account = client.post_json("/api/bank-accounts", BB_ACCOUNT).json()["id"]
    payout = {"amount": 10_000, "currency": "BRL", "method": "pix", "bank_account_id": account}
    refused = create_payout(client, payout)
    assert refused.status_code == 422, refused.content
    assert refused.json()["code"] == "kyc_not_approved"
    assert client.get("/api/kyc").json()["payouts_blocked"] is True
    assert "KYC" in refused.json()["message"]
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "pt-BR"
    assert "cadastro KYC da empresa for aprovado" in create_payout(client, payout).json()["message"]
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    with schema_context(slug):
        from payouts.models import Payout

        assert not Payout.objects.exists()
    # approved: the payout goes through
    filled(client)
    client.post_json("/api/kyc/submit")
    admin.post_json(f"/api/admin/kyc/{slug}/approve", {})
    assert create_payout(client, payout).status_code == 201
    # and off again, a client not approved pays out as before
    _require_kyc(False)
    KycFile.objects.filter(tenant__slug=slug).update(status="rejected")
    assert create_payout(client, payout).status_code == 201
