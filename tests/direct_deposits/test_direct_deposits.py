"""PIX keys and direct deposits through the HTTP API and the sandbox bank: each key kind validated,
at most 20 keys, a key belongs to one client, the bank knows the key; money sent to a key is a deposit
credited once (the same notice twice, one credit) with the client's fee through a balanced ledger, and
settled like any deposit; a client never sees another's keys or direct deposits; staff see them across
clients from the index."""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from django_tenants.utils import schema_context

from cofre_sandbox_bank.models import SandboxPixKey
from direct_deposits.models import MAX_KEYS, PixKey
from gateway.models import PixKeyDirectory, TransactionIndex
from ledger import services as ledger
from ledger.models import JournalEntry
from payments import services as payments
from payments.models import Deposit
from tenants.models import Tenant
from tests.payouts.helpers import balance, logged, post_webhooks
from tests.support.http import ApiClient
from tests.support.second_factor import login_payload

pytestmark = pytest.mark.django_db

PAYER = {"payer_name": "Joana Prado Ribeiro", "payer_document": "390.533.447-05"}


def add_key(client: ApiClient, key_type: str, key: str = "") -> Any:
    return client.post_json("/api/pix-keys", {"key_type": key_type, "key": key})


def email_key() -> str:
    return f"pix-{uuid.uuid4().hex[:10]}@example.com"


def send(key: str, amount: int = 10_000, **body: Any) -> str:
    """The sandbox bank receives money for `key`; returns the end-to-end id."""
    answer = ApiClient("public").post_json(
        "/sandbox-bank/pix-credits", {"key": key, "amount": amount, **PAYER, **body}
    )
    assert answer.status_code == 201, answer.content
    return str(answer.json()["end_to_end_id"])


def enable_module(slug: str) -> None:
    with schema_context("public"):
        tenant = Tenant.objects.get(slug=slug)
        tenant.modules = [*tenant.modules, "direct_deposits"]
        tenant.save(update_fields=["modules"])


@pytest.mark.parametrize(
    ("key_type", "typed", "stored"),
    [
        ("cpf", "529.982.247-25", "52998224725"),
        ("cnpj", "11.222.333/0001-81", "11222333000181"),
        ("cnpj", "12.ABC.345/01DE-35", "12ABC34501DE35"),  # alphanumeric CNPJ (July 2026)
        ("email", "Financeiro@Acme.COM.br", "financeiro@acme.com.br"),
        ("phone", "+55 (11) 98765-4321", "+5511987654321"),
        ("evp", "0F5A1C2E-3B4D-4E6F-8A9B-0C1D2E3F4A5B", "0f5a1c2e-3b4d-4e6f-8a9b-0c1d2e3f4a5b"),
    ],
)
def test_each_kind_of_key_is_stored_in_dict_form_and_known_to_the_bank(
    key_type: str, typed: str, stored: str
) -> None:
    acme = logged("acme", "client")
    response = add_key(acme, key_type, typed)
    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["key_type"], body["key"], body["provider"]) == (key_type, stored, "sandbox_bank")
    assert SandboxPixKey.objects.filter(key=stored, key_type=key_type).exists()
    assert PixKeyDirectory.objects.get(key=stored).tenant.slug == "acme"
    assert stored in [k["key"] for k in acme.get("/api/pix-keys").json()["items"]]


def test_a_random_key_left_empty_is_drawn_as_a_lower_case_uuid() -> None:
    acme = logged("acme", "client")
    response = add_key(acme, "evp")
    assert response.status_code == 201, response.content
    key = response.json()["key"]
    assert str(uuid.UUID(key)) == key


@pytest.mark.parametrize(
    ("key_type", "typed", "code"),
    [
        ("cpf", "529.982.247-24", "pix_key_checksum"),
        ("cpf", "111.111.111-11", "pix_key_repeated"),
        ("cpf", "1234", "pix_key_format"),
        ("cnpj", "11.222.333/0001-82", "pix_key_checksum"),
        ("email", "not-an-email", "pix_key_format"),
        ("email", "a" * 70 + "@example.com", "pix_key_too_long"),
        ("phone", "+1 415 555 0100", "pix_key_not_brazilian_phone"),
        ("evp", "not-a-uuid", "pix_key_format"),
        ("cpf", "", "required"),
    ],
)
def test_malformed_keys_are_refused_with_a_field_error(key_type: str, typed: str, code: str) -> None:
    acme = logged("acme", "client", language="pt-BR")
    response = add_key(acme, key_type, typed)
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "invalid_input"
    assert response.json()["fields"] == {"key": code}
    with schema_context("acme"):
        assert not PixKey.objects.exists()
    assert not PixKeyDirectory.objects.exists()


def test_an_unknown_key_type_is_refused() -> None:
    response = add_key(logged("acme", "client"), "iban", "x")
    assert response.status_code in (400, 422)
    assert "key_type" in str(response.json())


def test_at_most_twenty_keys_per_company() -> None:
    acme = logged("acme", "client")
    for _ in range(MAX_KEYS):
        assert add_key(acme, "evp").status_code == 201
    response = add_key(acme, "email", email_key())
    assert response.status_code == 422, response.content
    assert (response.json()["code"], response.json()["fields"]) == ("pix_key_limit", {"key": "pix_key_limit"})
    assert "20" in response.json()["message"]
    with schema_context("acme"):
        assert PixKey.objects.count() == MAX_KEYS
    # one removed, one more fits
    first = acme.get("/api/pix-keys").json()["items"][0]["id"]
    assert acme.delete(f"/api/pix-keys/{first}").status_code == 204
    assert add_key(acme, "email", email_key()).status_code == 201


def test_a_key_belongs_to_one_client_only() -> None:
    enable_module("beta")
    key = email_key()
    acme = logged("acme", "client")
    beta = ApiClient("beta")
    beta.post_json("/api/auth/login", login_payload("owner@beta.demo.test", "cofre-demo"))
    assert add_key(acme, "email", key).status_code == 201
    for client in (acme, beta):
        response = add_key(client, "email", key.upper())
        assert response.status_code == 409, response.content
        assert response.json()["fields"] == {"key": "pix_key_taken"}
    assert PixKeyDirectory.objects.filter(key=key).count() == 1


def test_money_sent_to_a_key_is_a_direct_deposit_credited_once_with_the_fee_and_settled() -> None:
    acme = logged("acme", "client")
    key = add_key(acme, "email", email_key()).json()["key"]
    before = balance("acme")
    e2e = send(key, 20_000, duplicates=2)  # the bank repeats its notice: same event id, three times
    assert post_webhooks(e2e) == ["applied", "duplicate", "duplicate"]
    with schema_context("acme"):
        deposit = Deposit.objects.get(direct=True, provider_reference=e2e)
    assert (deposit.method, deposit.status, deposit.amount, deposit.pix_key) == (
        "pix",
        "confirmed",
        20_000,
        key,
    )
    assert (deposit.payer_name, deposit.payer_document) == ("Joana Prado Ribeiro", "39053344705")
    assert deposit.fee == (20_000 * 99 + 5000) // 10000  # acme's PIX rate: the demo default 0.99 %
    after = balance("acme")
    assert after["pending"] - before["pending"] == 20_000 - deposit.fee
    assert after["available"] == before["available"]
    entries = JournalEntry.objects.filter(reference=deposit.public_id)
    assert [e.kind for e in entries] == ["deposit_confirmed"]
    assert ledger.check_invariants().ok
    row = TransactionIndex.objects.get(public_id=deposit.public_id)
    assert (row.direct, row.destination, row.provider_reference, row.status) == (True, key, e2e, "confirmed")
    # the same credit told again with another event id: still one deposit
    with schema_context("acme"):
        again, created = payments.receive_direct_deposit(
            payments.DirectCredit(provider="sandbox_bank", key=key, end_to_end_id=e2e, amount=20_000,
                                  currency="BRL", payer_name="x", payer_document="", event_id="other")
        )  # fmt: skip
        assert (again.pk, created) == (deposit.pk, False)
        assert Deposit.objects.filter(direct=True, provider_reference=e2e).count() == 1
        payments.settle_due(timezone.localdate() + timedelta(days=10))
        assert Deposit.objects.get(pk=deposit.pk).status == "paid_to_client"
    settled = balance("acme")
    assert settled["available"] - before["available"] == 20_000 - deposit.fee
    assert settled["pending"] == before["pending"]
    assert ledger.check_invariants().ok
    listed = acme.get("/api/direct-deposits").json()["items"]
    assert [(d["id"], d["key"], d["end_to_end_id"], d["fee"]) for d in listed] == [
        (deposit.public_id, key, e2e, deposit.fee)
    ]


def test_the_bank_refuses_money_for_a_key_it_does_not_know_and_a_removed_key_credits_nobody() -> None:
    acme = logged("acme", "client")
    answer = ApiClient("public").post_json(
        "/sandbox-bank/pix-credits", {"key": email_key(), "amount": 100, **PAYER}
    )
    assert answer.status_code == 400
    assert answer.json()["error"] == "unknown_pix_key"
    body = add_key(acme, "email", email_key()).json()
    assert acme.delete(f"/api/pix-keys/{body['id']}").status_code == 204
    assert not SandboxPixKey.objects.filter(key=body["key"]).exists()
    assert not PixKeyDirectory.objects.filter(key=body["key"]).exists()
    with schema_context("acme"):
        assert not Deposit.objects.filter(direct=True).exists()


def test_a_client_never_sees_another_clients_keys_or_direct_deposits_staff_see_both() -> None:
    enable_module("beta")
    acme = logged("acme", "client")
    beta = ApiClient("beta")
    beta.post_json("/api/auth/login", login_payload("owner@beta.demo.test", "cofre-demo"))
    acme_key = add_key(acme, "email", email_key()).json()
    beta_key = add_key(beta, "email", email_key()).json()
    post_webhooks(send(acme_key["key"], 1_000))
    post_webhooks(send(beta_key["key"], 2_000))
    acme_keys = acme.get("/api/pix-keys").json()["items"]
    assert [k["key"] for k in acme_keys] == [acme_key["key"]]
    assert [d["amount"] for d in acme.get("/api/direct-deposits").json()["items"]] == [1_000]
    assert [d["amount"] for d in beta.get("/api/direct-deposits").json()["items"]] == [2_000]
    # another client's key id is not found on this host
    assert acme.delete(f"/api/pix-keys/{beta_key['id']}").status_code == 404
    assert PixKeyDirectory.objects.filter(key=beta_key["key"]).exists()
    # a client cannot read the staff list
    assert acme.get("/api/admin/direct-deposits").status_code == 403
    staff = ApiClient("public")
    staff.login_as("admin")
    rows = staff.get("/api/admin/direct-deposits").json()["items"]
    assert sorted((r["client"], r["amount"], r["key"]) for r in rows) == [
        ("acme", 1_000, acme_key["key"]),
        ("beta", 2_000, beta_key["key"]),
    ]
    only_beta = staff.get("/api/admin/direct-deposits?client=beta").json()["items"]
    assert [r["client"] for r in only_beta] == ["beta"]
    by_name = staff.get("/api/admin/direct-deposits?q=39053344705").json()["items"]
    assert len(by_name) == 2


def test_filters_and_pages_of_the_clients_list() -> None:
    acme = logged("acme", "client")
    first = add_key(acme, "email", email_key()).json()["key"]
    second = add_key(acme, "evp").json()["key"]
    for amount in (100, 200, 300):
        post_webhooks(send(first, amount))
    post_webhooks(send(second, 400, payer_name="Carlos Souza", payer_document="529.982.247-25"))
    page = acme.get("/api/direct-deposits?per_page=10").json()
    assert ([d["amount"] for d in page["items"]], page["next_cursor"]) == ([400, 300, 200, 100], None)
    by_amount = acme.get("/api/direct-deposits?sort=amount").json()["items"]
    assert [d["amount"] for d in by_amount] == [100, 200, 300, 400]
    assert [d["amount"] for d in acme.get(f"/api/direct-deposits?key={second}").json()["items"]] == [400]
    assert [d["amount"] for d in acme.get("/api/direct-deposits?q=carlos").json()["items"]] == [400]
    assert acme.get("/api/direct-deposits?status=paid_to_client").json()["items"] == []
    assert acme.get("/api/direct-deposits?cursor=garbage").status_code == 400


def test_a_key_the_bank_cannot_take_is_not_kept() -> None:
    """Nothing half-written: Cofre cannot ask the bank (its configuration lost the webhook secret), so
    the key is refused before anything is written, in the reader's language."""
    from gateway.models import PluginConfig, PluginKind

    PluginConfig.objects.filter(tenant__isnull=True, kind=PluginKind.PROVIDER, code="sandbox_bank").update(
        config={}
    )
    acme = logged("acme", "client", language="pt-BR")
    key = email_key()
    response = add_key(acme, "email", key)
    assert response.status_code == 409, response.content
    assert response.json()["code"] == "plugin_misconfigured"
    assert "não está configurado" in response.json()["message"]
    assert not PixKeyDirectory.objects.filter(key=key).exists()
    assert not SandboxPixKey.objects.filter(key=key).exists()
    with schema_context("acme"):
        assert not PixKey.objects.exists()


def test_a_customer_reads_the_companys_keys_but_neither_changes_them_nor_sees_other_payers_money() -> None:
    acme = logged("acme", "client")
    key = add_key(acme, "email", email_key()).json()
    post_webhooks(send(key["key"], 1_500))
    assert [d["amount"] for d in acme.get("/api/direct-deposits").json()["items"]] == [1_500]
    customer = logged("acme", "customer")
    # The entry is in the customer's menu (the module shows it), read-only.
    entries = {e["route"]: e for e in customer.get("/api/auth/me").json()["menu"]}
    assert entries["clients/direct_deposits"]["write"] is False
    assert entries["depositar"]["write"] is True  # the customer's own money stays its to move
    assert key["key"] in [k["key"] for k in customer.get("/api/pix-keys").json()["items"]]
    assert customer.get("/api/direct-deposits").json()["items"] == []
    refused = add_key(customer, "email", email_key())
    assert refused.status_code == 403, refused.content
    assert refused.json()["code"] == "read_only_role"
    assert customer.delete(f"/api/pix-keys/{key['id']}").status_code == 403
    assert PixKey.objects.filter(public_id=key["id"]).exists()
