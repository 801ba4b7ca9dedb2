"""Plugin secrets encrypted at rest: every write-only value stored in plain text so far is sealed with
the first key of COFRE_ENCRYPTION_KEYS (core.crypto). Reversible (decrypts them again)."""

from typing import Any

from django.db import migrations

from core.crypto import seal_fields, unseal_fields


def _secret_names(kind: str, code: str) -> set[str]:
    from gateway.config_schema import secret_names
    from gateway.registry import get_registry
    from plugin_api import PluginError

    registry = get_registry()
    try:
        plugin = registry.method(code) if kind == "method" else registry.provider(code)
    except PluginError:
        return set()  # a plugin no longer installed: reencrypt_secrets seals it if it comes back
    return set(secret_names(plugin.config_schema))


def encrypt(apps: Any, schema_editor: Any) -> None:
    PluginConfig = apps.get_model("gateway", "PluginConfig")
    for row in PluginConfig.objects.using(schema_editor.connection.alias).order_by("pk"):
        sealed = seal_fields(row.config, _secret_names(row.kind, row.code))
        if sealed != row.config:
            row.config = sealed
            row.save(update_fields=["config"])


def decrypt(apps: Any, schema_editor: Any) -> None:
    PluginConfig = apps.get_model("gateway", "PluginConfig")
    for row in PluginConfig.objects.using(schema_editor.connection.alias).order_by("pk"):
        plain = unseal_fields(row.config)
        if plain != row.config:
            row.config = plain
            row.save(update_fields=["config"])


class Migration(migrations.Migration):
    dependencies = [("gateway", "0002_transactionindex_payout_kind")]

    operations = [migrations.RunPython(encrypt, decrypt)]
