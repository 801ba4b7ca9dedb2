"""Typed access to django-tenants' connection state (the stubs only know the base wrapper)."""

from __future__ import annotations

from typing import Any, Protocol, cast

from django.db import connection


class TenantConnection(Protocol):
    schema_name: str
    tenant: Any

    def set_tenant(self, tenant: Any) -> None: ...

    def set_schema_to_public(self) -> None: ...


def tenant_connection() -> TenantConnection:
    return cast(TenantConnection, connection)


def current_schema() -> str:
    return tenant_connection().schema_name
