"""The deposits list: filters, search (id, document, name without accents), keyset pages, summary;
staff transactions across tenants, scoped."""

from __future__ import annotations

import pytest
from django_tenants.utils import schema_context

from gateway.services import index_upsert
from payments.ids import new_public_id
from payments.models import Deposit
from payments.services import search_text
from tenants.models import Tenant
from tests.support.http import ApiClient

pytestmark = pytest.mark.django_db

ROWS = [
    # name, document, method, status, amount, currency
    ("João da Silva", "52998224725", "pix", "confirmed", 10_000, "BRL"),
    ("Maria Conceição", "11144477735", "billet", "waiting", 25_000, "BRL"),
    ("Joana Prado", "12ABC34501DE35", "pix", "canceled", 3_000, "BRL"),
    ("Ação Comércio Ltda", "11222333000181", "card", "confirmed", 99_900, "USD"),
]


@pytest.fixture
def seeded() -> dict[str, str]:
    """Deposits written directly in acme (their creation is covered elsewhere) plus their index rows."""
    ids = {}
    acme = Tenant.objects.get(slug="acme")
    with schema_context("acme"):
        for name, document, method, status, amount, currency in ROWS:
            deposit = Deposit.objects.create(
                public_id=new_public_id("dep"), method=method, status=status, amount=amount,
                currency=currency,
                fee=amount // 100, payer_name=name, search_name=search_text(name), payer_document=document,
                provider_reference=f"sbx_ch_{name[:3].lower()}",
            )  # fmt: skip
            index_upsert(acme, "deposit", deposit.public_id, method=method, status=status, amount=amount,
                         fee=deposit.fee, currency=currency, name=name, document=document,
                         provider="sandbox_bank", provider_reference=deposit.provider_reference,
                         created_at=deposit.created_at)  # fmt: skip
            ids[name] = deposit.public_id
    return ids


@pytest.fixture
def client() -> ApiClient:
    c = ApiClient("acme")
    c.login_as("client_user")
    return c


def names(response: object) -> list[str]:
    return [item["payer_name"] for item in response.json()["items"]]  # type: ignore[attr-defined]


def test_filters_by_status_method_and_currency(client: ApiClient, seeded: dict[str, str]) -> None:
    assert set(names(client.get("/api/deposits", {"status": "confirmed"}))) >= {
        "João da Silva",
        "Ação Comércio Ltda",
    }
    assert "Maria Conceição" not in names(client.get("/api/deposits", {"status": "confirmed"}))
    assert names(client.get("/api/deposits", {"method": "card", "currency": "USD"}))[:1] == [
        "Ação Comércio Ltda"
    ]


@pytest.mark.parametrize(
    ("term", "expected"),
    [
        ("joao", {"João da Silva"}),  # accents ignored
        ("JOÃO SIL", {"João da Silva"}),  # every word as a prefix
        ("jo", {"João da Silva", "Joana Prado"}),
        ("acao com", {"Ação Comércio Ltda"}),
        ("529.982.247-25", {"João da Silva"}),  # document with punctuation
        ("12.ABC.345/01DE-35", {"Joana Prado"}),  # alphanumeric CNPJ
        ("zzzz", set()),
    ],
)
def test_search_by_name_and_document(
    client: ApiClient, seeded: dict[str, str], term: str, expected: set[str]
) -> None:
    params: dict[str, str | int] = {"q": term, "per_page": 100}
    found = set(names(client.get("/api/deposits", params)))
    assert expected <= found
    assert not (found & ({r[0] for r in ROWS} - expected))


def test_search_by_id(client: ApiClient, seeded: dict[str, str]) -> None:
    assert names(client.get("/api/deposits", {"q": seeded["Joana Prado"]})) == ["Joana Prado"]


def test_keyset_pages_cover_everything_once_in_order(client: ApiClient, seeded: dict[str, str]) -> None:
    seen: list[int] = []
    cursor = None
    for _ in range(50):
        params: dict[str, str | int] = {"per_page": 10, "sort": "amount"}
        if cursor:
            params["cursor"] = cursor
        body = client.get("/api/deposits", params).json()
        seen.extend(item["amount"] for item in body["items"])
        cursor = body["next_cursor"]
        if cursor is None:
            break
    with schema_context("acme"):
        assert len(seen) == Deposit.objects.count()
    assert seen == sorted(seen)


def test_summary_of_the_filtered_set(client: ApiClient, seeded: dict[str, str]) -> None:
    summary = client.get("/api/deposits/summary", {"q": "jo"}).json()
    assert summary == {"count": 2, "amount": 13_000, "fee": 130, "average_ticket": 6_500}


@pytest.mark.parametrize("params", [{"sort": "payer_document"}, {"per_page": 7}, {"cursor": "!!"}])
def test_bad_list_parameters_are_400_not_500(client: ApiClient, params: dict[str, str | int]) -> None:
    response = client.get("/api/deposits", params)
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_input"


def test_staff_see_transactions_of_their_clients_only(seeded: dict[str, str]) -> None:
    admin = ApiClient("public")
    admin.login_as("admin")
    ids = {row["id"] for row in admin.get("/api/transactions", {"per_page": 100}).json()["items"]}
    assert set(seeded.values()) <= ids
    employee = ApiClient("public")
    employee.login_as("employee")  # assigned to acme in the demo data
    rows = employee.get("/api/transactions", {"per_page": 100}).json()["items"]
    assert {row["client"] for row in rows} <= {"acme"}
    found = employee.get("/api/transactions/search", {"q": "sbx_ch_joã"}).json()
    assert [row["name"] for row in found] == ["João da Silva"]


def test_an_employee_without_assignments_sees_nothing() -> None:
    from accounts.models import Membership, User
    from tenants.services import ensure_platform

    user = User.objects.create_user("new.employee@demo.test", "a-long-password-1")
    Membership.objects.create(user=user, tenant=ensure_platform(), role="employee")
    client = ApiClient("public")
    client.post_json("/api/auth/login", {"email": "new.employee@demo.test", "password": "a-long-password-1"})
    assert client.get("/api/transactions").json()["items"] == []


def test_the_expression_order_used_for_rare_name_searches_gives_the_same_page(
    client: ApiClient, seeded: dict[str, str]
) -> None:
    from core.pagination import rows_by_expression
    from payments import queries

    with schema_context("acme"):
        qs = queries.filtered(queries.DepositFilters(status=[], method=[], currency=[], q="jo"))
        assert queries.is_selective(qs)
        for ordering in (("-created_at", "-pk"), ("amount", "pk")):
            expected = [d.pk for d in qs.order_by(*ordering)[:10]]
            assert [d.pk for d in rows_by_expression(qs, ordering, 10)] == expected
