"""The sandbox bank's own endpoints (mounted under /sandbox-bank/ by the plugin's `cofre_urls` hook).

`POST /sandbox-bank/tokens`: the tokenization service. It stands for the provider's own endpoint
that a checkout page calls directly from the browser, so the card number never passes through
Cofre: JSON `{number, exp_month, exp_year, cvv, holder}` in, `{token, brand, last4}` out (201), or
400 `{error, field, message}`. The number is never stored or logged, and is hidden from Django's
error reports.

`POST /sandbox-bank/webhooks/release`: the bank's test mode, as real sandboxes have. JSON
`{reference}` in; the bank sends at once the webhooks it holds for that charge, payout or refund
(as if their delay had passed) and hands them to the caller, who delivers them to the URL each
names: `{"webhooks": [{url, headers, body}]}`. For a demo or a test that has no web server running
(`manage.py seed_demo --money`). Off in the production profile (404).

`POST /sandbox-bank/med`: test mode too: raise a MED case on a paid PIX charge. JSON `{reference,
amount?, reason?: fraud|operational_failure, hops?: 0..5, duplicates?: 0..5}` in (the charge's Cofre
reference; amount defaults to all of it); `{case_reference, amount, hops}` out (201). Its notice
webhooks go out like the charge's (release them at once with `webhooks/release` and the charge's
reference). Off in the production profile (404).

`GET /sandbox-bank/med/decisions?case_reference=...`: test mode too: the decisions Cofre reported on the
bank's MED case (plugin API 1.2), `{decisions: [{decision, refunded_amount, currency, reason,
decided_at, received}]}` (`received`: how many reports of it arrived). `POST /sandbox-bank/med` takes
`decision_failures?: 0..5` too: that many reports of the decision time out first. Off in the
production profile (404).

`POST /sandbox-bank/pix-credits`: test mode too: someone sends money to a PIX key registered at the
bank, with no charge before. JSON `{key, amount, payer_name, payer_document, duplicates?: 0..5}` in;
`{end_to_end_id, key, amount}` out (201). The bank tells the key's merchant with a webhook of kind
"pix_credit" (sent `duplicates` + 1 times with the same event id); release it at once with
`webhooks/release` and the end-to-end id. Off in the production profile (404).

`POST /sandbox-bank/returns`: test mode too: the bank answers a CNAB 240 remittance it was sent with
its return file. JSON `{remittance, outcome?: all_paid|some_rejected|all_rejected|scheduled,
rejected?: {reference: occurrence code}}` in (`remittance`: the file's text; `rejected` names the
lines to refuse, the others paid, instead of `outcome`); the return file out (200, text/plain,
attachment), or 400 `{error, field, message}`. Off in the production profile (404).
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils import timezone
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.debug import sensitive_variables
from django.views.decorators.http import require_GET, require_POST

from cofre_sandbox_bank import batch_files
from cofre_sandbox_bank.cards import CardDataError, check_card
from cofre_sandbox_bank.delivery import release
from cofre_sandbox_bank.models import SandboxCardToken, SandboxMedDecision
from cofre_sandbox_bank.provider import SandboxBank
from plugin_api import PluginError, RemittanceFile, SimulatedReturn


def _error(code: str, field: str, message: str) -> JsonResponse:
    return JsonResponse({"error": code, "field": field, "message": message}, status=400)


def _test_mode_body(request: HttpRequest, field: str, required: str) -> dict[str, Any] | JsonResponse:
    """The JSON object a test-mode call posts, with the string `field` it must carry, or the error to
    answer; outside of test mode (production) the bank's test endpoints do not exist (404)."""
    if getattr(settings, "COFRE_ENV", "") == "production":
        raise Http404
    try:
        payload = json.loads(request.body)
    except (UnicodeDecodeError, json.JSONDecodeError):
        return _error("invalid_json", "", "The body must be a JSON object")
    if not isinstance(payload, dict) or not isinstance(payload.get(field), str):
        return _error("required", field, required)
    return payload


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


@csrf_exempt  # the bank's own API, called by a demo or test driver, not by a browser with a session
@require_POST
def release_webhooks(request: HttpRequest) -> JsonResponse:
    payload = _test_mode_body(request, "reference", "A charge, payout or refund reference is required")
    if isinstance(payload, JsonResponse):
        return payload
    reference = payload["reference"]
    if not reference:
        return _error("required", "reference", "A charge, payout or refund reference is required")
    webhooks = [
        {"url": url, "headers": headers, "body": body.decode()} for url, headers, body in release(reference)
    ]
    return JsonResponse({"webhooks": webhooks})


@csrf_exempt  # the bank's own test mode, called by a demo or test driver
@require_POST
def raise_med(request: HttpRequest) -> JsonResponse:
    payload = _test_mode_body(request, "reference", "A paid PIX charge's reference is required")
    if isinstance(payload, JsonResponse):
        return payload
    try:
        case = SandboxBank().raise_med_case(
            payload["reference"],
            amount=payload.get("amount"),
            reason=payload.get("reason") or "fraud",
            hops=payload.get("hops", 3),
            duplicates=payload.get("duplicates", 0),
            decision_failures=payload.get("decision_failures", 0),
        )
    except PluginError as exc:
        return _error(exc.code, exc.field, f"The case cannot be raised: {exc.code}")
    return JsonResponse(
        {"case_reference": case.case_reference, "amount": case.amount, "hops": case.hops}, status=201
    )


@require_GET
def med_decisions(request: HttpRequest) -> JsonResponse:
    if getattr(settings, "COFRE_ENV", "") == "production":
        raise Http404
    reference = request.GET.get("case_reference", "")
    rows = SandboxMedDecision.objects.filter(case__case_reference=reference).order_by("id")
    decisions = [
        {
            "decision": row.decision,
            "refunded_amount": row.refunded_amount,
            "currency": row.currency,
            "reason": row.reason,
            "decided_at": row.decided_at.isoformat(),
            "received": row.received,
        }
        for row in rows
    ]
    return JsonResponse({"decisions": decisions})


@csrf_exempt  # the bank's own test mode, called by a demo or test driver
@require_POST
def send_to_key(request: HttpRequest) -> JsonResponse:
    payload = _test_mode_body(request, "key", "A PIX key registered at the bank is required")
    if isinstance(payload, JsonResponse):
        return payload
    try:
        credit = SandboxBank().send_to_key(
            payload["key"],
            amount=payload.get("amount"),
            payer_name=payload.get("payer_name"),
            payer_document=payload.get("payer_document"),
            duplicates=payload.get("duplicates", 0),
        )
    except PluginError as exc:
        return _error(exc.code, exc.field, f"The money cannot be sent: {exc.code}")
    return JsonResponse(
        {"end_to_end_id": credit.end_to_end_id, "key": credit.key, "amount": credit.amount}, status=201
    )


@csrf_exempt  # the bank's own test mode, called by a demo or test driver
@require_POST
def simulate_return(request: HttpRequest) -> HttpResponse:
    payload = _test_mode_body(request, "remittance", "The remittance file's text is required")
    if isinstance(payload, JsonResponse):
        return payload
    outcome = payload.get("outcome") or SimulatedReturn.ALL_PAID.value
    if outcome not in {o.value for o in SimulatedReturn}:
        return _error("invalid_choice", "outcome", "Unknown outcome")
    rejected = payload.get("rejected")
    if rejected is not None and (
        not isinstance(rejected, dict) or not all(isinstance(v, str) for v in rejected.values())
    ):
        return _error("invalid_value", "rejected", "rejected maps references to occurrence codes")
    remittance = payload["remittance"].encode("latin-1", "replace")
    try:
        if rejected is not None:
            content = batch_files.make_return(remittance, rejected=rejected, paid_on=timezone.localdate())
            answer = RemittanceFile(name="RET000000.ret", content=content)
        else:
            answer = batch_files.simulate_return(
                remittance, SimulatedReturn(outcome), paid_on=timezone.localdate()
            )
    except PluginError as exc:
        return _error(exc.code, exc.field, f"The return cannot be made: {exc.code}")
    response = HttpResponse(answer.content, content_type=answer.content_type)
    response["Content-Disposition"] = f'attachment; filename="{answer.name}"'
    return response
