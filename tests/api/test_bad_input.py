"""Input an attacker or a careless integration sends: each answers a clear, translated 4xx, never a 500.

Each case here answered 500 (or Django's HTML page) before core.api_errors, core.pagination,
core.dates and core.api_types handled it. Cases are enumerated from the API where they can be (every
paged list, every list with a date filter, every write operation), so a new operation is covered.
"""

from __future__ import annotations

import base64
import json
import logging
from typing import Any

import pytest
from django.conf import settings

from core.messages import MESSAGES
from tests.support.http import ApiClient
from tests.support.routes import BODIES, PUBLIC, Operation, operations, persona_for
from tests.support.second_factor import login_payload

pytestmark = pytest.mark.django_db

OPERATIONS = operations()
UNSAFE = [op for op in OPERATIONS if op.method not in {"GET", "HEAD", "OPTIONS"}]


def openapi_parameters() -> dict[str, set[str]]:
    """The query parameters of each operation, from the OpenAPI document."""
    from config.api import api

    paths = api.get_openapi_schema()["paths"]
    return {
        f"{method.upper()} {path}": {p["name"] for p in spec.get("parameters", []) if p["in"] == "query"}
        for path, methods in paths.items()
        for method, spec in methods.items()
    }


def paged_answers() -> set[str]:
    """Operations whose answer carries a `next_cursor` (a keyset-paged list)."""
    from config.api import api

    document = api.get_openapi_schema()
    schemas = document["components"]["schemas"]
    found = set()
    for path, methods in document["paths"].items():
        for method, spec in methods.items():
            answer = spec["responses"].get(200) or spec["responses"].get("200", {})
            content = answer.get("content", {}).get("application/json", {})
            ref = content.get("schema", {}).get("$ref", "")
            if "next_cursor" in schemas.get(ref.rsplit("/", 1)[-1], {}).get("properties", {}):
                found.add(f"{method.upper()} {path}")
    return found


PARAMETERS = openapi_parameters()
PAGED_ANSWERS = paged_answers()
# Lists under a parent (a webhook endpoint's deliveries) answer 404 for the placeholder parent before
# reading the cursor: their own tests send a forged cursor under a real parent (tests/webhooks).
PAGED = [
    op for op in OPERATIONS if "cursor" in PARAMETERS[str(op)] and str(op) in PAGED_ANSWERS and not op.params
]
SORTED = [op for op in PAGED if "sort" in PARAMETERS[str(op)]]  # settlements page by day only
WITHOUT_AMOUNT = {"GET /api/admin/tenants"}  # paged lists whose rows have no amount to sort by
# Period reports answer a bounded period (30 days by default, a year at most) rather than filter a list:
# the whole calendar is a 400 naming the field (tests/customers), as /api/stats/* (from/to) do.
PERIOD_REPORTS = {"GET /api/customers-metrics"}
DATED = [op for op in OPERATIONS if "date_to" in PARAMETERS[str(op)] and str(op) not in PERIOD_REPORTS]


def signed_in(op: Operation, language: str = "en") -> ApiClient:
    role, slug = persona_for(op)
    client = ApiClient(slug, language=language)
    client.login_as(role)
    return client


def browser(slug: str, role: str | None = None) -> tuple[ApiClient, str]:
    """A client that enforces CSRF as a browser session does (the check reads the body of a POST),
    signed in as `role` when given; with the CSRF token to send."""
    client = ApiClient(slug, enforce_csrf_checks=True)
    token = client.get("/api/auth/csrf").json()["csrfToken"]
    if role is not None:
        login = login_payload(f"{role}@demo.test", "cofre-demo")
        assert client.post_json("/api/auth/login", login, HTTP_X_CSRFTOKEN=token).status_code == 200
        token = client.cookies["csrftoken"].value
    return client, token


def assert_error(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith("application/json")
    body: dict[str, Any] = response.json()
    assert body["code"] == code, body
    assert body["message"] == MESSAGES[code]["en"].format(**_params(body["message"], code))
    return body


def _params(text: str, code: str) -> dict[str, str]:
    """The placeholder values a message was filled with (read back from the text)."""
    template = MESSAGES[code]["en"]
    if "{" not in template:
        return {}
    prefix, _, rest = template.partition("{")
    name, _, suffix = rest.partition("}")
    return {name: text.removeprefix(prefix).removesuffix(suffix)}


@pytest.fixture
def no_unhandled_errors(caplog: pytest.LogCaptureFixture) -> Any:
    """Fails the test if the API logged an unhandled error (a traceback in the log)."""
    caplog.set_level(logging.ERROR, logger="cofre.api")
    yield
    unhandled = [
        r.getMessage() for r in caplog.records if r.name == "cofre.api" and r.levelno >= logging.ERROR
    ]
    assert unhandled == []


# ------------------------------------------------------------------------------ body above the limit
TOO_BIG = b"x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)


@pytest.mark.parametrize(
    ("slug", "path"),
    [("acme", "/api/auth/login"), ("public", "/api/auth/login"), ("public", "/api/webhooks/sandbox_bank")],
)
@pytest.mark.parametrize("content_type", ["application/json", "application/x-www-form-urlencoded"])
def test_a_body_above_the_upload_limit_answers_413_without_a_login(
    slug: str, path: str, content_type: str, no_unhandled_errors: None
) -> None:
    client, token = browser(slug)
    response = client.post(path, TOO_BIG, content_type=content_type, HTTP_X_CSRFTOKEN=token)
    assert_error(response, 413, "request_too_large")


def test_a_body_above_the_upload_limit_answers_413_to_a_signed_in_write(no_unhandled_errors: None) -> None:
    client, token = browser("acme", "client")
    response = client.post("/api/deposits", TOO_BIG, content_type="application/json", HTTP_X_CSRFTOKEN=token)
    assert_error(response, 413, "request_too_large")


def test_the_413_is_in_the_requests_language() -> None:
    client = ApiClient("acme", language="pt-BR")
    response = client.post("/api/auth/login", TOO_BIG, content_type="application/json")
    assert response.status_code == 413
    assert response.json()["message"] == MESSAGES["request_too_large"]["pt-BR"]


# --------------------------------------------------------------------------- multipart, no boundary
def _write_cases() -> list[Operation]:
    return [op for op in UNSAFE if (op.method, op.path) not in PUBLIC]


@pytest.mark.parametrize("op", _write_cases(), ids=str)
def test_multipart_without_a_boundary_answers_400_on_every_write(
    op: Operation, no_unhandled_errors: None
) -> None:
    role, slug = persona_for(op)
    client, token = browser(slug, role)
    response = client.generic(
        op.method, op.url(slug="acme"), b"--x\r\n", content_type="multipart/form-data", HTTP_X_CSRFTOKEN=token
    )
    takes_a_body = (op.method, op.path) in BODIES or op.path == "/api/auth/avatar"
    if op.method == "POST" or takes_a_body:
        assert_error(response, 400, "malformed_request")
    else:  # a PUT, PATCH or DELETE that reads no body answers as it would without one
        assert response.status_code < 500, response.content


def test_multipart_without_a_boundary_answers_400_on_the_login(no_unhandled_errors: None) -> None:
    client, token = browser("acme")
    response = client.post(
        "/api/auth/login", b"--x\r\n", content_type="multipart/form-data", HTTP_X_CSRFTOKEN=token
    )
    assert_error(response, 400, "malformed_request")


def test_the_webhook_endpoint_reads_a_multipart_body_as_bytes_and_refuses_it(
    no_unhandled_errors: None,
) -> None:
    response = ApiClient("public").post(
        "/api/webhooks/sandbox_bank", b"--x\r\n", content_type="multipart/form-data"
    )
    assert_error(response, 400, "webhook_rejected")  # the provider checks the signature of the raw bytes


# -------------------------------------------------------------------------------- forged page cursors
def cursor_of(value: Any) -> str:
    return base64.urlsafe_b64encode(json.dumps(value).encode()).decode().rstrip("=")


FORGED = {
    "not base64": "%%%",
    "not json": base64.urlsafe_b64encode(b"\xff\xfe").decode(),
    "not a pair": cursor_of({"a": 1}),
    "not a date": cursor_of(["not-a-date", 1]),  # the cursor of issue 10: WyJub3QtYS1kYXRlIiwgMV0
    "a naive time": cursor_of(["2026-01-01T00:00:00", 1]),
    "a list as value": cursor_of([[1], 1]),
    "null value": cursor_of([None, 1]),
    "a boolean": cursor_of([True, 1]),
    "id not a number": cursor_of(["2026-01-01T00:00:00+00:00", "x"]),
    "id past bigint": cursor_of(["2026-01-01T00:00:00+00:00", 2**64]),
    "id negative": cursor_of(["2026-01-01T00:00:00+00:00", -1]),
}


@pytest.mark.parametrize("op", PAGED, ids=str)
@pytest.mark.parametrize("forged", FORGED.values(), ids=FORGED.keys())
def test_a_forged_cursor_answers_400_invalid_cursor_on_every_paged_list(
    op: Operation, forged: str, no_unhandled_errors: None
) -> None:
    response = signed_in(op).get(op.url(), {"cursor": forged})
    body = assert_error(response, 400, "invalid_cursor")
    assert body["fields"] == {"cursor": "invalid"}


@pytest.mark.parametrize("op", SORTED, ids=str)
@pytest.mark.parametrize(
    "value", ["abc", 10**30, "2026-01-01T00:00:00+00:00"], ids=["text", "huge", "a time"]
)
def test_a_cursor_whose_value_does_not_fit_the_amount_sort_answers_400(
    op: Operation, value: Any, no_unhandled_errors: None
) -> None:
    sort = "-amount"
    if str(op) in WITHOUT_AMOUNT:  # lists of things without an amount: the date sort instead
        if isinstance(value, str) and value.startswith("2026"):
            pytest.skip("a time fits the date sort")
        sort = "-created_at"
    client = signed_in(op)
    response = client.get(op.url(), {"sort": sort, "cursor": cursor_of([value, 1])})
    if response.status_code == 400 and response.json().get("fields") == {"sort": "invalid"}:
        # A list of no money sorted only by date (restrictions, alerts) refuses the amount sort itself.
        assert_error(response, 400, "invalid_input")
        return
    assert_error(response, 400, "invalid_cursor")


def test_the_cursor_of_issue_10_is_refused_on_the_deposits_list() -> None:
    client = ApiClient("acme")
    client.login_as("client")
    response = client.get("/api/deposits", {"cursor": "WyJub3QtYS1kYXRlIiwgMV0"})
    assert_error(response, 400, "invalid_cursor")


# ------------------------------------------------------------------------------- dates at the edges
@pytest.mark.parametrize("op", DATED, ids=str)
@pytest.mark.parametrize(
    "dates",
    [
        {"date_to": "9999-12-31"},
        {"date_from": "9999-12-31"},
        {"date_from": "0001-01-01", "date_to": "9999-12-31"},
    ],
    ids=["to the last day", "from the last day", "every day"],
)
def test_dates_at_the_edges_of_the_calendar_are_answered(
    op: Operation, dates: dict[str, str], no_unhandled_errors: None
) -> None:
    client = signed_in(op)
    everything = client.get(op.url())
    response = client.get(op.url(), dates)
    assert response.status_code == 200, response.content
    if dates.get("date_from") == "9999-12-31":  # nothing was made on the last day of the calendar
        assert _empty(response.json()), response.json()
    else:  # the whole calendar (or up to its last day): the same answer as no date filter
        assert response.json() == everything.json()


@pytest.mark.parametrize(
    "dates",
    [
        {"date_from": "9999-12-31"},
        {"date_from": "0001-01-01"},
        {"date_from": "0001-01-01", "date_to": "9999-12-31"},
    ],
    ids=["from the last day", "from the first day", "every day"],
)
def test_a_period_report_refuses_the_whole_calendar_on_its_field(dates: dict[str, str]) -> None:
    (op,) = [op for op in OPERATIONS if str(op) in PERIOD_REPORTS]
    response = signed_in(op).get(op.url(), dates)
    assert_error(response, 400, "invalid_input")
    assert set(response.json()["fields"]) == {"date_from"}, response.json()


def _empty(body: Any) -> bool:
    if "items" in body:
        return bool(body["items"] == [])
    return bool(body["count"] == 0)


# ------------------------------------------------------------------------------------- money fields
# Every money field the API accepts, with a persona that may send it (the sample body is valid).
MONEY_FIELDS = [
    ("POST", "/api/deposits", "amount"),
    ("POST", "/api/payouts", "amount"),
    ("POST", "/api/admin/payouts", "amount"),
    ("POST", "/api/deposits/{deposit_id}/refunds", "amount"),
    ("PUT", "/api/admin/compliance-rules/{slug}", "auto_approve_up_to"),
    ("PUT", "/api/admin/fee-rates", "fixed"),
]
NOT_INTEGERS = {"true": True, "a string": "1500", "a float": 15.0, "a float with a fraction": 15.5}


@pytest.mark.parametrize(("method", "path", "field"), MONEY_FIELDS, ids=str)
@pytest.mark.parametrize("value", NOT_INTEGERS.values(), ids=NOT_INTEGERS.keys())
def test_money_fields_take_integer_centavos_only(
    method: str, path: str, field: str, value: Any, no_unhandled_errors: None
) -> None:
    op = next(op for op in OPERATIONS if (op.method, op.path) == (method, path))
    client = signed_in(op)
    body = {**BODIES[(method, path)], field: value}
    response = client.generic(
        method, op.url(slug="acme", deposit_id="dep_x"), json.dumps(body), "application/json"
    )
    error = assert_error(response, 400, "invalid_input")
    assert error["fields"] == {field: "integer_centavos"}


def test_a_boolean_amount_creates_no_deposit() -> None:
    from django_tenants.utils import schema_context

    from payments.models import Deposit

    client = ApiClient("acme")
    client.login_as("client")
    with schema_context("acme"):
        before = Deposit.objects.count()
    response = client.post_json("/api/deposits", {**BODIES[("POST", "/api/deposits")], "amount": True})
    assert response.status_code == 400
    with schema_context("acme"):
        assert Deposit.objects.count() == before


@pytest.mark.parametrize("value", NOT_INTEGERS.values(), ids=NOT_INTEGERS.keys())
def test_a_fee_rates_basis_points_are_integers_only(value: Any) -> None:
    client = ApiClient("public")
    client.login_as("admin")
    response = client.put_json(
        "/api/admin/fee-rates", {**BODIES[("PUT", "/api/admin/fee-rates")], "percent_bp": value}
    )
    assert assert_error(response, 400, "invalid_input")["fields"] == {"percent_bp": "integer_basis_points"}


def test_an_integer_amount_is_still_accepted() -> None:
    client = ApiClient("acme")
    client.login_as("client")
    response = client.post_json("/api/deposits", BODIES[("POST", "/api/deposits")])
    assert response.status_code == 201, response.content
    assert response.json()["amount"] == BODIES[("POST", "/api/deposits")]["amount"]


# --------------------------------------------------------------------- unknown addresses and methods
@pytest.mark.parametrize("slug", ["public", "acme"])
@pytest.mark.parametrize("method", ["GET", "POST", "DELETE"])
@pytest.mark.parametrize("path", ["/api/nope", "/api/deposits/x/y/z", "/api/", "/api/deposits/"])
def test_an_unknown_address_under_api_answers_the_apis_json_404(slug: str, method: str, path: str) -> None:
    response = ApiClient(slug).generic(method, path)
    assert_error(response, 404, "unknown_endpoint")


@pytest.mark.parametrize(
    ("method", "path", "allow"),
    [
        ("DELETE", "/api/health", "GET"),
        ("TRACE", "/api/deposits", "GET, POST"),
        ("PUT", "/api/auth/login", "POST"),
    ],
)
def test_a_method_an_address_does_not_take_answers_the_apis_json_405(
    method: str, path: str, allow: str
) -> None:
    response = ApiClient("acme").generic(method, path)
    body = assert_error(response, 405, "method_not_allowed")
    assert body["message"] == f"This API address does not accept the {method} method."
    assert sorted(response["Allow"].split(", ")) == sorted(allow.split(", "))


def test_the_json_404_is_in_the_requests_language() -> None:
    response = ApiClient("acme", language="pt-BR").get("/api/nope")
    assert response.json()["message"] == MESSAGES["unknown_endpoint"]["pt-BR"]


def test_pages_outside_the_api_keep_their_own_answers() -> None:
    response = ApiClient("acme").get("/nope-not-the-api")
    assert response.status_code == 404
    assert not response["Content-Type"].startswith("application/json")


# ------------------------------------------- what the document says a value is (found by the generative test)
@pytest.mark.parametrize(
    "body", ["[null, null]", '"AAA"', "1", "null"], ids=["array", "string", "number", "null"]
)
def test_a_body_that_is_not_a_json_object_is_refused_and_changes_nothing(body: str) -> None:
    client = ApiClient("acme")
    client.login_as("client")
    before = client.get("/api/auth/me").json()
    response = client.patch("/api/auth/profile", body, content_type="application/json")
    assert_error(response, 400, "malformed_request")
    assert client.get("/api/auth/me").json() == before


@pytest.mark.parametrize("op", DATED, ids=str)
@pytest.mark.parametrize("value", ["0", "1700000000", "2026-1-5", "05/01/2026"])
def test_a_date_filter_is_a_date_as_the_document_writes_it(op: Operation, value: str) -> None:
    response = signed_in(op).get(op.url(), {"date_to": value})
    assert assert_error(response, 400, "invalid_input")["fields"] == {"date_to": "invalid_date"}


def test_a_due_date_is_a_date_as_the_document_writes_it() -> None:
    client = ApiClient("acme")
    client.login_as("client")
    body = {**BODIES[("POST", "/api/deposits")], "method": "billet", "due_date": 0}
    response = client.post_json("/api/deposits", body)
    assert assert_error(response, 400, "invalid_input")["fields"] == {"due_date": "invalid_date"}


@pytest.mark.parametrize(
    ("method", "path", "field", "url"),
    [
        ("PUT", "/api/admin/plugins/{kind}/{code}", "enabled", "/api/admin/plugins/method/pix"),
        ("POST", "/api/admin/employees/{user_id}/clients", "assigned", None),
        ("PATCH", "/api/members/{member_id}", "is_active", None),
    ],
    ids=["enabled", "assigned", "is_active"],
)
@pytest.mark.parametrize("value", [0, 1, "yes", "true", "off"])
def test_a_flag_is_true_or_false(method: str, path: str, field: str, url: str | None, value: Any) -> None:
    from accounts.models import Membership

    employee = Membership.objects.get(user__email="employee@demo.test", tenant__schema_name="public")
    client = ApiClient("public")
    client.login_as("admin")
    address = url or path.replace("{user_id}", str(employee.user_id)).replace("{member_id}", str(employee.pk))
    body = {**BODIES[(method, path)], field: value}
    response = client.generic(method, address, json.dumps(body), "application/json")
    assert assert_error(response, 400, "invalid_input")["fields"] == {field: "boolean_expected"}
    assert Membership.objects.get(pk=employee.pk).is_active
