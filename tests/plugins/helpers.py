"""Shared values of the plugin tests."""

from __future__ import annotations

from typing import Any

from gateway.config_schema import validate_config
from gateway.registry import Registry

SANDBOX_SECRET = "sandbox-test-webhook-secret-0001"
PIX_KEY = "39053344705"  # a CPF key (390.533.447-05)
WIRE_CONFIG = {
    "bank_compe": "001",
    "agency": "1234",
    "account": "567890",
    "account_digit": "1",
    "holder_name": "Loja Exemplo Ltda",
    "holder_document": "11.222.333/0001-81",
}


def method_config(registry: Registry, code: str) -> dict[str, Any]:
    """A method's effective configuration in these tests (defaults applied)."""
    values: dict[str, Any] = {"pix": {"pix_key": PIX_KEY}, "wire": WIRE_CONFIG}.get(code, {})
    return validate_config(registry.method(code).config_schema, values)
