"""The sandbox bank's tokenization service: `POST /sandbox-bank/tokens`.

It stands for the provider's own endpoint that a checkout page calls directly from the browser, so
the card number never passes through Cofre: JSON `{number, exp_month, exp_year, cvv, holder}` in,
`{token, brand, last4}` out (201), or 400 `{error, field, message}`. The number is never stored or
logged, and is hidden from Django's error reports.
"""

from __future__ import annotations

import json

from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.debug import sensitive_variables
from django.views.decorators.http import require_POST

from cofre_sandbox_bank.cards import CardDataError, check_card
from cofre_sandbox_bank.models import SandboxCardToken


def _error(code: str, field: str, message: str) -> JsonResponse:
    return JsonResponse({"error": code, "field": field, "message": message}, status=400)


@csrf_exempt  # called cross-site by checkout pages with no session: the card data is the credential
@require_POST
@sensitive_variables("payload", "card")
def create_token(request: HttpRequest) -> JsonResponse:
    try:
        payload = json.loads(request.body)
    except (UnicodeDecodeError, json.JSONDecodeError):
        return _error("invalid_json", "", "The body must be a JSON object")
    if not isinstance(payload, dict):
        return _error("invalid_json", "", "The body must be a JSON object")
    try:
        card = check_card(
            payload.get("number"),
            payload.get("exp_month"),
            payload.get("exp_year"),
            payload.get("cvv"),
            payload.get("holder"),
        )
    except CardDataError as exc:
        return _error(exc.code, exc.field, exc.message)
    token = SandboxCardToken.issue(card)
    return JsonResponse({"token": token.token, "brand": token.brand, "last4": token.last4}, status=201)
