"""A generative test over the whole OpenAPI document (schemathesis), as acme's client and as the
platform admin: no operation answers 5xx, and every answer is what the document says.

For each operation of the document, as each persona whose role may call it (both for public and
any-member operations; the client for the few neither may call), schemathesis makes requests from the
operation's schema: its coverage cases (every field missing, of the wrong type, at and past each
limit, methods the address does not take), then MAX_EXAMPLES drawn from the schema, valid and invalid
(`derandomize`: the same cases every run; no example database). Every second request with path
parameters names real objects of the persona's tenant (a deposit, a payout, a refund...) instead of
generated ids, so operations go past their 404; and until an operation has succeeded once, its valid
cases carry the operation's sample body (tests/support/routes.BODIES), so its success answer is
checked against the document too.

The requests go through the whole Django stack in this process (middleware, session with its CSRF
token, ninja, services, PostgreSQL) inside the test's transaction, which is rolled back after each
operation: money-moving operations run for real against the sandbox bank plugin, and the jobs they
enqueue on commit are never sent.

Checks on each answer: not a 5xx; a status the operation documents (every operation documents its
errors as a 4XX of ErrorOut: core.api_errors.ErrorDocumentingAPI); the content type and the body
match the documented schema; input the schema refuses is refused (4xx); a method the address does
not take answers 405 with an Allow header.

The document's security schemes are left out of what schemathesis reads: the persona's session is the
authentication (schemathesis would otherwise send made-up API keys, which answer 401 before anything
else is tried). API keys are tested in tests/credentials and tests/isolation.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
import werkzeug
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django_tenants.utils import schema_context
from hypothesis import HealthCheck, Phase, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
    unsupported_method,
)

from accounts.models import Membership
from config.api import api
from notifications.services import notify
from payments.models import Deposit, DepositStatus, Settlement
from payments.services import transition_deposit
from tests.support.http import ApiClient, host
from tests.support.routes import BODIES, allowed, operations

pytestmark = pytest.mark.django_db

MAX_EXAMPLES = 12
# GET /api/health takes no input and waits for a worker round trip (none runs here); it answers 503
# by design when one is missing. tests/foundation/test_health.py tests it with a real worker.
EXCLUDED_PATHS = ["/api/health"]


def document() -> dict[str, Any]:
    """The API's OpenAPI document as schemathesis reads it: without the security schemes."""
    doc = copy.deepcopy(dict(api.get_openapi_schema()))
    for methods in doc["paths"].values():
        for operation in methods.values():
            operation.pop("security", None)
    doc.get("components", {}).pop("securitySchemes", None)
    return doc


SCHEMA = schemathesis.openapi.from_dict(document()).exclude(path=EXCLUDED_PATHS)


def callers() -> tuple[set[str], set[str]]:
    """The operations each persona tries: those its route table entries (or being a member, or
    nothing) let it call. An operation neither may call (a partner's) is tried as the client: it
    is refused after validation, which is then what is tested."""
    client, admin = set(), set()
    for op in operations():
        if str(op) in {f"GET {path}" for path in EXCLUDED_PATHS}:
            continue
        anyone = op.is_public or op.any_member
        if anyone or allowed(op, "client", "acme"):
            client.add(str(op))
        if anyone or allowed(op, "admin", "public"):
            admin.add(str(op))
        if str(op) not in client | admin:
            client.add(str(op))
    return client, admin


CLIENT_OPERATIONS, ADMIN_OPERATIONS = callers()
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    negative_data_rejection,
    unsupported_method,
]
APP = WSGIHandler()
# Statuses answered per operation, for the summary printed at the end (a run that only ever got 404s
# or 403s would test little: test_the_generated_requests_reach_the_operations checks it).
ANSWERS: dict[str, Counter[int]] = {}


class Persona:
    """A signed-in session on a tenant's host, sent as a browser sends it (cookie and CSRF header)."""

    def __init__(self, role: str, slug: str) -> None:
        client = ApiClient(slug)
        client.login_as(role)
        client.get("/api/auth/csrf")
        self.cookies = {name: morsel.value for name, morsel in client.cookies.items()}
        self.base_url = f"http://{host(slug)}"
        self.membership = Membership.objects.select_related("tenant", "user").get(
            user__email=f"{role}@demo.test",
            tenant__schema_name=slug,  # "public": the platform
        )
        self.ids: dict[str, object] = {}

    @property
    def headers(self) -> dict[str, str]:
        return {
            "Cookie": "; ".join(f"{name}={value}" for name, value in self.cookies.items()),
            "X-CSRFToken": self.cookies["csrftoken"],
        }


def acme_objects() -> dict[str, object]:
    """Real objects of acme, made through the API by its client as a user would (inside the test's
    transaction): a bank account, a payout, a PIX deposit the sandbox bank confirmed, a refund of
    it, an API key."""
    from tests.payouts.helpers import BB_ACCOUNT, create_payout, post_webhooks

    owner = ApiClient("acme")
    owner.login_as("client")

    def made(response: Any) -> str:
        assert response.status_code in (200, 201), response.content
        return str(response.json()["id"])

    account = made(owner.post_json("/api/bank-accounts", BB_ACCOUNT))
    payout = made(create_payout(owner, {"amount": 90_000, "method": "pix", "bank_account_id": account}))
    payer = {"name": "Ana Souza", "document": "52998224725"}
    deposit = made(owner.post_json("/api/deposits", {"method": "pix", "amount": 10_000, "payer": payer}))
    post_webhooks(deposit)  # the sandbox bank confirms the charge
    refund = made(owner.post_json(f"/api/deposits/{deposit}/refunds", {"amount": 100, "reason": "Devolução"}))
    key = made(owner.post_json("/api/credentials/keys", {"name": "generative"}))
    member = Membership.objects.filter(tenant__slug="acme").exclude(user__email="client@demo.test").first()
    assert member is not None
    with schema_context("acme"):  # the deposit settled (what settle_due does on its day): a settlement
        settled = transition_deposit(
            Deposit.objects.get(public_id=deposit), DepositStatus.PAID_TO_CLIENT, source="job"
        )
        settlement = Settlement.objects.get(deposits=settled)
    return {
        "deposit_id": deposit,
        "bank_account_id": account,
        "payout_id": payout,
        "refund_id": refund,
        "key_id": key,
        "member_id": member.pk,
        "settlement_id": settlement.public_id,
        "slug": "acme",
    }


def admin_objects(persona: Persona, acme: dict[str, object]) -> dict[str, object]:
    """What the platform admin reaches: acme, its payout (waiting for review), an employee."""
    employee = Membership.objects.get(user__email="employee@demo.test", tenant=persona.membership.tenant)
    return {
        "slug": "acme",
        "payout_id": acme["payout_id"],
        "bank_account_id": acme["bank_account_id"],  # a body's (staff payouts), not a path's
        "member_id": employee.pk,
        "user_id": employee.user_id,
    }


COMMON_IDS = {"kind": "method", "code": "pix", "method": "pix", "currency": "BRL", "provider": "sandbox_bank"}


@pytest.fixture
def in_process() -> Iterator[None]:
    """Django's request signals close the database connection at the end of a request; the test
    client disconnects them so a request stays inside the test's transaction: the same here."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


def make_persona(role: str, slug: str, request: pytest.FixtureRequest) -> Persona:
    from tests.payouts.helpers import fund

    who = Persona(role, slug)
    fund("acme", 1_000_000)  # payouts (the client's and the staff's for acme) have funds to hold
    objects: dict[str, object] = {"slug": "acme"}
    # an operation on an object, or one whose body names one: make real ones to name (~0.5 s)
    if "{" in request.node.name or "/api/admin/payouts]" in request.node.name:
        acme = acme_objects()
        objects = acme if role == "client" else admin_objects(who, acme)
    notification = notify(who.membership, "generative test")
    who.ids = {**COMMON_IDS, **objects, "notification_id": notification.pk}
    return who


@pytest.fixture
def acme_client(request: pytest.FixtureRequest) -> Persona:
    return make_persona("client", "acme", request)


@pytest.fixture
def platform_admin(request: pytest.FixtureRequest) -> Persona:
    return make_persona("admin", "public", request)


def with_real_ids(case: Any, persona: Persona, count: int) -> None:
    """Every second case with path parameters names the persona's real objects."""
    if case.path_parameters and count % 2 == 0:
        for name in case.path_parameters:
            if name in persona.ids:
                case.path_parameters[name] = persona.ids[name]


def with_a_valid_body(case: Any, persona: Persona, answers: Counter[int]) -> None:
    """Until the operation has answered a 2xx, a valid case's body is the operation's sample (the
    isolation suite's, with the persona's real ids): random bodies seldom pass the rules beyond the
    schema (a CPF's check digits, a known bank), and the success answer must match the document too."""
    sample = BODIES.get((case.method, case.operation.path))
    negative = case.meta is not None and case.meta.generation.mode.is_negative
    if sample is None or negative or not isinstance(case.body, dict) or any(200 <= s < 300 for s in answers):
        return
    case.body = {
        key: persona.ids.get(key, value) if key.endswith("_id") else value for key, value in sample.items()
    }


def call_and_check(case: Any, persona: Persona) -> None:
    answers = ANSWERS.setdefault(f"{persona.membership.role} {case.operation.label}", Counter())
    with_real_ids(case, persona, sum(answers.values()))
    with_a_valid_body(case, persona, answers)
    session = werkzeug.Client(APP, use_cookies=False)
    response = case.call(app=APP, session=session, base_url=persona.base_url, headers=persona.headers)
    answers[response.status_code] += 1
    case.validate_response(response, checks=CHECKS, headers=persona.headers)


GENERATION = settings(
    max_examples=MAX_EXAMPLES,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    phases=[Phase.explicit, Phase.generate],  # no shrinking: a failure is reported as drawn
)


@SCHEMA.include(name=sorted(CLIENT_OPERATIONS)).parametrize()
@GENERATION
def test_as_acmes_client_no_answer_is_5xx_and_each_matches_the_document(
    case: Any, acme_client: Persona, in_process: None
) -> None:
    call_and_check(case, acme_client)


@SCHEMA.include(name=sorted(ADMIN_OPERATIONS)).parametrize()
@GENERATION
def test_as_the_platform_admin_no_answer_is_5xx_and_each_matches_the_document(
    case: Any, platform_admin: Persona, in_process: None
) -> None:
    call_and_check(case, platform_admin)


def test_every_operation_is_tried_by_a_persona_who_may_call_it() -> None:
    paths = document()["paths"]
    documented = {f"{method.upper()} {path}" for path, methods in paths.items() for method in methods}
    assert documented - CLIENT_OPERATIONS - ADMIN_OPERATIONS == {"GET /api/health"}
    assert CLIENT_OPERATIONS & ADMIN_OPERATIONS  # public and any-member operations: both


def test_the_generated_requests_reach_the_operations() -> None:
    """After the generative tests (same module, run before): enough answers were successes."""
    if not ANSWERS:
        pytest.skip("run with the generative tests")
    total = Counter[int]()
    for answers in ANSWERS.values():
        total.update(answers)
    requests = sum(total.values())
    print(f"\ngenerative API test: {requests} requests over {len(ANSWERS)} operation-persona pairs")  # noqa: T201
    print("  answers by status:", dict(sorted(total.items())))  # noqa: T201
    succeeded = {label for label, answers in ANSWERS.items() if any(200 <= s < 300 for s in answers)}
    print(f"  operation-persona pairs with a 2xx answer: {len(succeeded)}")  # noqa: T201
    for label in sorted(set(ANSWERS) - succeeded):
        print(f"    none for {label}: {dict(ANSWERS[label])}")  # noqa: T201
    assert total[500] == 0
    assert sum(n for s, n in total.items() if 200 <= s < 300) > requests // 10
