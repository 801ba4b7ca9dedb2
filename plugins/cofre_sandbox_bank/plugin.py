"""Entry point `sandbox_bank = "cofre_sandbox_bank.plugin"`: the sandbox bank provider."""

from __future__ import annotations

from collections.abc import Sequence

from cofre_sandbox_bank.provider import SandboxBank
from plugin_api import BankProvider, hookimpl


@hookimpl
def cofre_bank_providers() -> Sequence[BankProvider]:
    return [SandboxBank()]
