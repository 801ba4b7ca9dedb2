"""Entry point `sandbox_bank = "cofre_sandbox_bank.plugin"`: the sandbox bank provider, its own Django
app (its state, in the public schema) and its endpoints under /sandbox-bank/."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cofre_sandbox_bank.provider import SandboxBank
from plugin_api import BankProvider, hookimpl

# The plugin API version this plugin is built for (plugin_api.version).
# 1.1: PIX keys and credits on them; 1.2: MED decisions reported to it, payouts by file (CNAB 240);
# 1.3: it simulates the return of a remittance it was sent (test mode, never in production)
COFRE_PLUGIN_API = "1.3"


@hookimpl
def cofre_bank_providers() -> Sequence[BankProvider]:
    return [SandboxBank()]


@hookimpl
def cofre_django_apps() -> Sequence[str]:
    return ["cofre_sandbox_bank"]


@hookimpl
def cofre_urls() -> Sequence[Any]:
    from django.urls import include, path

    return [path("sandbox-bank/", include("cofre_sandbox_bank.urls"))]
