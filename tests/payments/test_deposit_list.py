"""The deposits list: filters, search (id, document, name without accents), keyset pages, summary;
staff transactions across tenants, scoped."""

from __future__ import annotations

import pytest
from django_tenants.utils import schema_context

from core.ids import new_public_id
from core.text import search_text
from gateway.services import index_upsert
from payments.models import Deposit
from payments.services import index_name
from tenants.models import Tenant
from tests.support.http import ApiClient
from tests.support.second_factor import login_payload

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
            index_name(deposit)
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
    assert summary == {
        "count": 2,
        "currencies": [
            {"currency": "BRL", "count": 2, "amount": 13_000, "fee": 130, "average_ticket": 6_500}
        ],
    }


def test_the_summary_never_adds_one_currency_to_another(client: ApiClient, seeded: dict[str, str]) -> None:
    with schema_context("acme"):
        expected = {
            currency: sum(d.amount for d in Deposit.objects.filter(currency=currency))
            for currency in ("BRL", "USD")
        }
    summary = client.get("/api/deposits/summary").json()
    by_currency = {row["currency"]: row for row in summary["currencies"]}
    assert {c: row["amount"] for c, row in by_currency.items()} == expected
    assert by_currency["USD"]["amount"] >= 99_900  # "Ação Comércio Ltda", alone in dollars among the seeded
    assert summary["count"] == sum(row["count"] for row in summary["currencies"])


@pytest.mark.parametrize("params", [{"sort": "payer_document"}, {"per_page": 7}, {"cursor": "!!"}])
def test_bad_list_parameters_are_400_not_500(client: ApiClient, params: dict[str, str | int]) -> None:
    response = client.get("/api/deposits", params)
    assert response.status_code == 400
    assert response.json()["code"] == ("invalid_cursor" if "cursor" in params else "invalid_input")


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
    client.post_json("/api/auth/login", login_payload("new.employee@demo.test", "a-long-password-1"))
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


NAMES = ["Maria Mariana Souza", "Mário Souza", "Marina Silva", "Ana Maria", "Ana Paula Silva", "João Souza"]


@pytest.fixture
def many_names() -> None:
    """Names sharing words and prefixes (a name with two words of one prefix), several of each."""
    with schema_context("acme"):
        for n in range(36):
            name = NAMES[n % len(NAMES)]
            deposit = Deposit.objects.create(
                public_id=new_public_id("dep"), method="pix", status=("confirmed", "waiting")[n % 2],
                amount=1_000 + n, currency="BRL", payer_name=name, search_name=search_text(name),
                payer_document="52998224725",
            )  # fmt: skip
            index_name(deposit)


@pytest.mark.parametrize(
    "term", ["mari", "maria", "souza", "mar sou", "ana silva", "ana", "joao", "zzz", "mar zzz"]
)
@pytest.mark.parametrize("status", [[], ["waiting"]])
@pytest.mark.parametrize("descending", [True, False])
def test_the_name_token_page_equals_the_full_text_query(
    many_names: None, term: str, status: list[str], descending: bool
) -> None:
    """Page by page, the name-token plan returns the rows, in the order, that the full-text query
    over the whole table returns (duplicates of a name with two matching words included once)."""
    from datetime import datetime

    from payments import queries

    ordering = ("-created_at", "-pk") if descending else ("created_at", "pk")
    with schema_context("acme"):
        filters = queries.DepositFilters(status=status, method=[], currency=[], q=term)
        expected = [d.pk for d in queries.filtered(filters).order_by(*ordering)]
        got: list[int] = []
        after = None
        for _ in range(20):
            page = queries.name_page(
                queries.DepositFilters(status=status, method=[], currency=[]), queries.name_terms(term),
                descending=descending, after=after, limit=5,
            )  # fmt: skip
            assert page is not None
            got.extend(d.pk for d in page)
            if len(page) < 5:
                break
            last = page[-1]
            after = (datetime.isoformat(last.created_at), last.pk)
    assert got == expected
    assert len(set(got)) == len(got)


def test_the_list_api_pages_a_name_search_through_the_tokens(client: ApiClient, many_names: None) -> None:
    seen: list[str] = []
    cursor = None
    for _ in range(20):
        params: dict[str, str | int] = {"q": "souza", "per_page": 10}
        if cursor:
            params["cursor"] = cursor
        body = client.get("/api/deposits", params).json()
        seen.extend(item["id"] for item in body["items"])
        cursor = body["next_cursor"]
        if cursor is None:
            break
    assert len(seen) == len(set(seen)) == 18  # "Maria Mariana Souza", "Mário Souza", "João Souza" x 6


def test_a_prefix_of_too_many_words_leaves_the_page_to_the_plain_query(
    many_names: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from payments import queries

    monkeypatch.setattr(queries, "MAX_EXPANSION", 1)  # "mar" prefixes maria, mariana, mario, marina
    with schema_context("acme"):
        empty = queries.DepositFilters(status=[], method=[], currency=[])
        assert queries.name_page(empty, ["mar"], descending=True, after=None, limit=5) is None
        # one word streamed, the too-common one checked on the row: still the right rows
        page = queries.name_page(empty, ["mar", "silva"], descending=True, after=None, limit=50)
        assert page is not None
        assert {d.payer_name for d in page} == {"Marina Silva"}


def test_the_name_page_leaves_no_planner_setting_behind_in_an_outer_transaction(many_names: None) -> None:
    from django.db import connection

    from payments import queries

    with schema_context("acme"):
        empty = queries.DepositFilters(status=[], method=[], currency=[])
        assert queries.name_page(empty, ["souza"], descending=True, after=None, limit=5)
        with connection.cursor() as cursor:
            cursor.execute("SHOW enable_sort")
            assert cursor.fetchone() == ("on",)
            cursor.execute("SHOW statement_timeout")
            assert cursor.fetchone() == ("0",)


@pytest.mark.parametrize(
    "params", [{}, {"q": "joao"}, {"sort": "due_date"}, {"sort": "-amount", "per_page": 10}]
)
def test_the_list_answers_what_its_response_schema_would_have_answered(
    client: ApiClient, seeded: dict[str, str], params: dict[str, str | int]
) -> None:
    """The list skips ninja's response validation (core.renderer.prevalidated): its body must be what
    validating the same page against DepositListOut and rendering it would give, byte for byte."""
    from core.renderer import render
    from payments.schemas import DepositListOut

    response = client.get("/api/deposits", params)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert body["items"]
    validated = DepositListOut.model_validate(body).model_dump()  # raises if a row strays from the schema
    assert render(validated) == response.content
