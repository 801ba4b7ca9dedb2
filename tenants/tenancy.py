"""The tenant the connection is in: typed access to django-tenants' connection state.

`current_schema()` is the schema name; `current_tenant()` is the ONE way to get the tenant row of the
schema the code runs in (a request on a tenant's host, a job sent from it, a `schema_context` block).
"""

from __future__ import annotations

from typing import Any, Protocol, cast

from django.db import connection

from tenants.models import Tenant


class TenantConnection(Protocol):
    schema_name: str
    tenant: Any

    def set_tenant(self, tenant: Any) -> None: ...

    def set_schema_to_public(self) -> None: ...


def tenant_connection() -> TenantConnection:
    return cast(TenantConnection, connection)


def current_schema() -> str:
    return tenant_connection().schema_name


def current_tenant() -> Tenant:
    """The tenant whose schema the connection is in (the platform itself in the public schema).

    Read from the database, not from `connection.tenant`: `schema_context` sets only the schema name.
    """
    return Tenant.objects.get(schema_name=current_schema())
