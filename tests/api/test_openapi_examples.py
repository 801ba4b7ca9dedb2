"""The merchant API's request examples (config/api_examples.py, in the OpenAPI document): every create
call an integration makes has one, and each is accepted when sent as written with an API key (a
wrong field name or value in an example fails here, not at an integrator's desk)."""

from __future__ import annotations

import pytest

from config.api import api
from config.api_examples import REQUEST_EXAMPLES
from tests.credentials.test_api_keys import bearer, keyed, new_key, session

pytestmark = pytest.mark.django_db

# The create calls of the merchant API (README, "API for integrations").
MERCHANT_CREATES = {
    ("post", "/api/deposits"),
    ("post", "/api/deposits/{deposit_id}/refunds"),
    ("post", "/api/payouts"),
    ("post", "/api/bank-accounts"),
    ("post", "/api/webhook-endpoints"),
    ("post", "/api/exports"),
    ("post", "/api/credentials/keys"),
}


def test_every_merchant_create_has_examples_in_the_document() -> None:
    paths = api.get_openapi_schema()["paths"]
    for method, path in MERCHANT_CREATES | set(REQUEST_EXAMPLES):
        content = paths[path][method]["requestBody"]["content"]["application/json"]
        assert content.get("examples"), (method, path)
        for name, example in content["examples"].items():
            assert example["summary"], (path, name)
            assert isinstance(example["value"], dict), (path, name)


def send(path: str, body: dict[str, object], token: str) -> tuple[int, dict[str, object]]:
    headers = {**bearer(token), "Idempotency-Key": f"example-{abs(hash((path, str(body))))}"}
    response = keyed().post_json(path, body, headers=headers)
    return response.status_code, response.json()


def test_the_examples_are_accepted_as_written() -> None:
    token = new_key()["token"]
    deposit_id = ""
    for name, example in REQUEST_EXAMPLES[("post", "/api/deposits")].items():
        status, answer = send("/api/deposits", example["value"], token)
        assert status == 201, (name, answer)
        deposit_id = str(answer["id"])
    status, answer = send(
        "/api/bank-accounts", REQUEST_EXAMPLES[("post", "/api/bank-accounts")]["checking"]["value"], token
    )
    assert status == 201, answer
    status, answer = send("/api/exports", REQUEST_EXAMPLES[("post", "/api/exports")]["csv"]["value"], token)
    assert status in {200, 201, 202}, answer

    # Calls whose success needs a state the demo may not have (money to pay out, a paid deposit, a
    # registered account, a host that resolves): the body must pass validation; only a refusal of
    # the business (409, a 404 of the account, the URL's host) may come back.
    done = {
        "/api/deposits",
        "/api/bank-accounts",
        "/api/exports",
        "/api/webhook-endpoints/{endpoint_id}/rotate-secret",
    }
    for (_method, path), examples in REQUEST_EXAMPLES.items():
        if path in done or path.startswith("/api/credentials"):
            continue
        for name, example in examples.items():
            status, answer = send(path.replace("{deposit_id}", deposit_id), example["value"], token)
            found = answer.get("fields")
            fields = set(found) if isinstance(found, dict) else set()
            schema_refusal = answer.get("code") == "invalid_input" and not fields <= {
                "bank_account_id",
                "url",
            }
            assert status < 500, (path, name, answer)
            assert not schema_refusal, (path, name, status, answer)


def test_the_key_examples_are_accepted_with_a_session() -> None:
    client = session()
    created = client.post_json(
        "/api/credentials/keys", REQUEST_EXAMPLES[("post", "/api/credentials/keys")]["erp"]["value"]
    )
    assert created.status_code == 201, created.content
    rotate = REQUEST_EXAMPLES[("post", "/api/credentials/keys/{key_id}/rotate")]["week"]["value"]
    rotated = client.post_json(f"/api/credentials/keys/{created.json()['id']}/rotate", rotate)
    assert rotated.status_code == 200, rotated.content
