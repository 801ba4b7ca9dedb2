"""Plugin configuration per tenant, provider routing, and the cross-tenant transaction index."""

from __future__ import annotations

from typing import Any

from django.db import connection, transaction
from django.db.models import Q

from core.crypto import rotate_fields, seal_fields, unseal_fields
from core.errors import AppError
from gateway.config_schema import ConfigError, merge_config, public_config, secret_names, validate_config
from gateway.models import PluginConfig, PluginKind, ProviderRoute, TransactionIndex
from gateway.registry import get_registry
from plugin_api import PluginError
from tenants.models import Tenant


def _configs(kind: str, code: str, tenant: Tenant | None) -> tuple[PluginConfig | None, PluginConfig | None]:
    rows = list(PluginConfig.objects.filter(Q(tenant=tenant) | Q(tenant__isnull=True), kind=kind, code=code))
    own = next((r for r in rows if tenant is not None and r.tenant_id == tenant.pk), None)
    default = next((r for r in rows if r.tenant_id is None), None)
    return own, default


def plugin_schema(kind: str, code: str) -> Any:
    registry = get_registry()
    plugin = registry.method(code) if kind == PluginKind.METHOD else registry.provider(code)
    return plugin.config_schema


def effective_config(kind: str, code: str, tenant: Tenant | None) -> dict[str, Any]:
    """The platform default overlaid by the tenant's own values, validated by the plugin's schema."""
    own, default = _configs(kind, code, tenant)
    values: dict[str, Any] = {**(default.values() if default else {}), **(own.values() if own else {})}
    try:
        return validate_config(plugin_schema(kind, code), values)
    except ConfigError as exc:
        raise AppError("plugin_misconfigured", status=409, plugin=code) from exc


def is_enabled(kind: str, code: str, tenant: Tenant | None) -> bool:
    own, default = _configs(kind, code, tenant)
    row = own or default
    return row.enabled if row is not None else True


def provider_for(tenant: Tenant, method: str) -> str:
    """Which provider serves `method` for this client: its own route, else the platform's, else the
    built-in default (the loaded provider that says `default_provider = True`).

    A provider the admin disabled (admin/deposits-banks) takes no new deposit or payout: the caller
    gets the same field error as for a disabled method. What is already at that bank carries on
    (webhooks, status checks and refunds read its configuration whatever the flag).
    """
    routes = {
        r.tenant_id: r.provider
        for r in ProviderRoute.objects.filter(Q(tenant=tenant) | Q(tenant__isnull=True), method=method)
    }
    code = routes.get(tenant.pk) or routes.get(None) or get_registry().default_provider
    if (
        code is None
        or PluginConfig.objects.filter(
            tenant__isnull=True, kind=PluginKind.PROVIDER, code=code, enabled=False
        ).exists()
    ):
        raise AppError("invalid_input", fields={"method": "method_not_enabled"})
    return code


@transaction.atomic
def set_plugin_config(
    kind: str, code: str, tenant: Tenant | None, *, enabled: bool | None, values: dict[str, Any] | None
) -> PluginConfig:
    schema = plugin_schema(kind, code)
    # A client's first row of its own starts from the platform's switch: saving a configuration
    # override must not turn on for that client a plugin the platform has turned off.
    starts = {"enabled": is_enabled(kind, code, None)} if tenant is not None else {}
    row, _ = PluginConfig.objects.select_for_update().get_or_create(
        tenant=tenant, kind=kind, code=code, defaults=starts
    )
    if values is not None:
        try:
            # Stored secrets the form left out stay sealed as they are; a secret typed again replaces
            # one sealed with a key that is gone.
            merged = merge_config(schema, row.config, values)
            # A tenant's override may be partial: what must validate is the effective configuration.
            _, default = _configs(kind, code, tenant) if tenant is not None else (None, None)
            plain = unseal_fields(merged)
            effective = validate_config(schema, {**(default.values() if default else {}), **plain})
            registry = get_registry()
            plugin = registry.method(code) if kind == PluginKind.METHOD else registry.provider(code)
            plugin.check_config(effective)  # checks a schema cannot express (e.g. a PIX key's digits)
        except PluginError as exc:  # ConfigError is a PluginError
            raise AppError("invalid_input", fields={exc.field or "config": exc.code}) from exc
        # Secrets are stored encrypted (core.crypto; COFRE_ENCRYPTION_KEYS).
        row.config = seal_fields(merged, secret_names(schema))
    if enabled is not None:
        row.enabled = enabled
    row.save()
    return row


def config_for_display(row: PluginConfig) -> dict[str, Any]:
    """Never returns a write-only secret: only which ones are set (read without decrypting them)."""
    return public_config(plugin_schema(row.kind, row.code), row.config)


def reencrypt_secrets() -> tuple[int, int]:
    """Every plugin configuration's secrets sealed with the first key of COFRE_ENCRYPTION_KEYS: those
    sealed with an older key are re-encrypted, any still in plain text (a row written before
    encryption) are sealed. Returns (rows changed, secrets written). Run after putting a new key first."""
    rows = secrets_written = 0
    with transaction.atomic():
        for row in PluginConfig.objects.select_for_update().order_by("pk"):
            try:
                names = set(secret_names(plugin_schema(row.kind, row.code)))
            except PluginError:
                names = set()  # a plugin no longer installed: rotate what is sealed, seal nothing new
            rotated, count = rotate_fields(seal_fields(row.config, names))
            if count:
                row.config = rotated
                row.save(update_fields=["config"])
                rows += 1
                secrets_written += count
    return rows, secrets_written


def set_route(tenant: Tenant | None, method: str, provider: str) -> ProviderRoute:
    registry = get_registry()
    if method not in registry.provider(provider).methods:
        raise AppError("invalid_input", fields={"provider": "provider_does_not_serve_method"})
    if not is_enabled(PluginKind.PROVIDER, provider, None):
        raise AppError("invalid_input", fields={"provider": "provider_not_enabled"})
    route, _ = ProviderRoute.objects.update_or_create(
        tenant=tenant, method=method, defaults={"provider": provider}
    )
    return route


def index_upsert(tenant: Tenant, kind: str, public_id: str, **fields: Any) -> tuple[str, int] | None:
    """Write the slim public row in the caller's transaction (same database, public schema). Answers
    the row's status and fee as they were before this write (None when the row is new), read by the
    UPDATE itself (the roll-ups move a record from the bucket its row counted: no separate read)."""
    if fields:
        table = connection.ops.quote_name(TransactionIndex._meta.db_table)
        columns, values = [], []
        for name, value in fields.items():
            field = TransactionIndex._meta.get_field(name)
            columns.append(f"{connection.ops.quote_name(str(field.column))} = %s")  # type: ignore[union-attr]
            values.append(field.get_db_prep_save(value, connection))  # type: ignore[union-attr]
        # Our table's and fields' own names only: the values are parameters.
        sql = (
            f"UPDATE {table} AS t SET {', '.join(columns)} FROM (SELECT id, status, fee FROM {table} "  # noqa: S608
            f"WHERE public_id = %s FOR UPDATE) AS old WHERE t.id = old.id RETURNING old.status, old.fee"
        )
        with connection.cursor() as cursor:
            cursor.execute(sql, [*values, public_id])
            row = cursor.fetchone()
        if row is not None:
            return str(row[0]), int(row[1])
    elif TransactionIndex.objects.filter(public_id=public_id).exists():
        return None
    TransactionIndex.objects.create(tenant=tenant, kind=kind, public_id=public_id, **fields)
    return None
