"""Request examples of the merchant API's create calls, written into the OpenAPI document
(`/api/docs`, frontend/openapi.json) beside each operation's body schema. Every example is sent by
tests/api/test_openapi_examples.py with an API key and must be accepted, so none goes stale.

Keyed by (method, path as the document writes it); values are OpenAPI `examples` (name -> summary and
value)."""

from __future__ import annotations

from typing import Any

PAYER = {"name": "Ana Souza", "document": "52998224725", "email": "ana@example.com"}

REQUEST_EXAMPLES: dict[tuple[str, str], dict[str, dict[str, Any]]] = {
    ("post", "/api/deposits"): {
        "pix": {
            "summary": "A PIX charge of R$ 15,00 that expires in an hour",
            "value": {"method": "pix", "amount": 1500, "currency": "BRL", "payer": PAYER,
                      "description": "Pedido 1234", "expires_in_seconds": 3600},
        },
        "billet": {
            "summary": "A boleto of R$ 250,00 due on a date of your choice",
            "value": {"method": "billet", "amount": 25000, "currency": "BRL",
                      "payer": {**PAYER, "street": "Avenida Paulista", "number": "1000",
                                "neighborhood": "Bela Vista", "city": "São Paulo", "state": "SP",
                                "zipcode": "01310100"},
                      "description": "Fatura 2029-11", "due_date": "2029-12-20"},
        },
        "sandbox": {
            "summary": "In the sandbox: a PIX charge the sandbox bank will refuse",
            "value": {"method": "pix", "amount": 990, "currency": "BRL", "payer": PAYER,
                      "extra": {"sandbox_scenario": "fail"}},
        },
    },
    ("post", "/api/deposits/{deposit_id}/refunds"): {
        "partial": {
            "summary": "Refund R$ 5,00 of a paid deposit (send an Idempotency-Key)",
            "value": {"amount": 500, "reason": "Produto devolvido"},
        },
    },
    ("post", "/api/payouts"): {
        "pix": {
            "summary": "R$ 100,00 by PIX to an inline beneficiary (Idempotency-Key required)",
            "value": {"amount": 10000, "currency": "BRL", "method": "pix",
                      "beneficiary": {"holder_name": "Ana Souza", "holder_document": "52998224725",
                                      "pix_key": "52998224725", "pix_key_type": "cpf"},
                      "description": "Saque 42"},
        },
        "ted": {
            "summary": "R$ 1.000,00 by TED to a registered bank account",
            "value": {"amount": 100000, "currency": "BRL", "method": "ted",
                      "bank_account_id": "bac_01JD0000000000000000000000"},
        },
    },
    ("post", "/api/bank-accounts"): {
        "checking": {
            "summary": "A checking account at Banco do Brasil",
            "value": {"holder_name": "Ana Souza", "holder_document": "52998224725", "bank_compe": "001",
                      "agency": "1234", "account": "567890", "account_digit": "0",
                      "account_type": "checking"},
        },
    },
    ("post", "/api/webhook-endpoints"): {
        "endpoint": {
            "summary": "Deposits confirmed and payouts ended (the secret is in the answer only)",
            "value": {"url": "https://erp.example.com/cofre/webhooks",
                      "events": ["deposit.confirmed", "payout.confirmed", "payout.rejected"]},
        },
    },
    ("post", "/api/webhook-endpoints/{endpoint_id}/rotate-secret"): {
        "day": {"summary": "A new secret; the old one signs too for 24 hours",
                "value": {"overlap_hours": 24}},
    },
    ("post", "/api/credentials/keys"): {
        "erp": {
            "summary": "A read-only key for an ERP, from one network, for a year (dashboard session)",
            "value": {"name": "ERP integration", "scope": "read_only", "allowed_ips": ["203.0.113.0/24"],
                      "expires_at": "2027-11-30T00:00:00Z"},
        },
    },
    ("post", "/api/credentials/keys/{key_id}/rotate"): {
        "week": {"summary": "A new token; the old one keeps working for 7 days",
                 "value": {"overlap_hours": 168}},
    },
    ("post", "/api/exports"): {
        "csv": {
            "summary": "This month's payments as CSV",
            "value": {"type": "payments", "format": "csv", "filters": {}},
        },
    },
}  # fmt: skip


def add_request_examples(schema: dict[str, Any]) -> None:
    """Put REQUEST_EXAMPLES into the document's JSON request bodies."""
    for (method, path), examples in REQUEST_EXAMPLES.items():
        operation = schema["paths"][path][method]
        operation["requestBody"]["content"]["application/json"]["examples"] = examples
