"""A field the API's input validation refuses is described in the request's language (pydantic's own
text is English whatever the reader's language): required, too short, out of range, not a choice."""

from __future__ import annotations

import pytest

from core.messages import MESSAGES
from tests.support.http import ApiClient

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", ["pt-BR", "en"])
def test_a_missing_field_is_said_in_the_requests_language(language: str) -> None:
    response = ApiClient("acme", language=language).post_json("/api/auth/login", {"email": "a@b.test"})
    assert response.status_code == 400, response.content
    assert response.json()["fields"] == {"password": MESSAGES["field_required"][language]}


@pytest.mark.parametrize("language", ["pt-BR", "en"])
def test_limits_and_choices_are_said_in_the_requests_language(language: str) -> None:
    client = ApiClient("acme", language=language)
    client.login_as("client")
    body = {"amount": -5, "currency": "XXX", "method": "pix", "bank_account_id": "x"}
    response = client.post_json("/api/payouts", body, HTTP_IDEMPOTENCY_KEY="field-messages-" + language)
    assert response.status_code == 400, response.content
    fields = response.json()["fields"]
    assert fields["amount"] == MESSAGES["field_greater_than"][language].format(limit=0)
    assert fields["currency"] == MESSAGES["field_choice"][language]
    assert "Input should" not in str(fields)
