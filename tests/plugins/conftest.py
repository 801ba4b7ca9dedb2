"""Fixtures for the plugin tests: a fresh registry per test, a sandbox bank configuration."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from gateway.config_schema import validate_config
from gateway.registry import Registry, get_registry, reset_registry
from tests.plugins.helpers import SANDBOX_SECRET, Receiver


@pytest.fixture
def registry() -> Iterator[Registry]:
    """The registry as the process builds it (COFRE_BLOCKED_PLUGINS unset), forgotten afterwards."""
    reset_registry()
    yield get_registry()
    reset_registry()


@pytest.fixture
def sandbox_config(registry: Registry) -> dict[str, Any]:
    """The sandbox bank's effective configuration: its secret, no delay, a URL nothing listens on."""
    schema = registry.provider("sandbox_bank").config_schema
    return validate_config(
        schema,
        {
            "webhook_secret": SANDBOX_SECRET,
            "confirm_delay_seconds": 0,
            "webhook_url": "http://127.0.0.1:9/api/webhooks/sandbox_bank",
        },
    )


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    """An HTTP server on a free local port, for the webhooks the sandbox bank POSTs."""
    with Receiver() as server:
        yield server
