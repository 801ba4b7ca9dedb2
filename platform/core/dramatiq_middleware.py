"""dramatiq middleware: every message runs in the tenant schema it was sent from.

The pattern of tenant-schemas-celery: the sender's schema is stored in the message options at
enqueue time; the worker switches the connection to that schema around processing and back to public
afterwards, and closes stale database connections after each message.
"""

from __future__ import annotations

from typing import Any

import dramatiq
from dramatiq.broker import MessageProxy
from dramatiq.middleware import Middleware

SCHEMA_OPTION = "tenant_schema"


class TenantMiddleware(Middleware):
    def before_enqueue(self, broker: dramatiq.Broker, message: dramatiq.Message[Any], delay: int) -> None:
        from tenants.tenancy import current_schema

        message.options.setdefault(SCHEMA_OPTION, current_schema())

    def before_process_message(self, broker: dramatiq.Broker, message: MessageProxy) -> None:
        from django_tenants.utils import get_public_schema_name

        from tenants.models import Tenant
        from tenants.tenancy import tenant_connection

        connection = tenant_connection()
        schema = message.options.get(SCHEMA_OPTION) or get_public_schema_name()
        connection.set_schema_to_public()
        if schema != get_public_schema_name():
            # Resolve the tenant row so tenant-aware code (connection.tenant) sees the real tenant.
            connection.set_tenant(Tenant.objects.get(schema_name=schema))

    def after_process_message(
        self,
        broker: dramatiq.Broker,
        message: MessageProxy,
        *,
        result: Any | None = None,
        exception: BaseException | None = None,
    ) -> None:
        from tenants.tenancy import tenant_connection

        tenant_connection().set_schema_to_public()

    def after_skip_message(self, broker: dramatiq.Broker, message: MessageProxy) -> None:
        self.after_process_message(broker, message)


class DbConnectionsMiddleware(Middleware):
    """Close broken or expired connections around every message (as Django does per request)."""

    def before_process_message(self, broker: dramatiq.Broker, message: MessageProxy) -> None:
        from django.db import close_old_connections

        close_old_connections()

    def after_process_message(
        self,
        broker: dramatiq.Broker,
        message: MessageProxy,
        *,
        result: Any | None = None,
        exception: BaseException | None = None,
    ) -> None:
        from django.db import close_old_connections

        close_old_connections()

    def after_skip_message(self, broker: dramatiq.Broker, message: MessageProxy) -> None:
        self.after_process_message(broker, message)

    def before_worker_shutdown(self, broker: dramatiq.Broker, worker: dramatiq.Worker) -> None:
        from django.db import connections

        connections.close_all()
