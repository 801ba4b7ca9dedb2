"""Plugin secrets are encrypted at rest (core.crypto, COFRE_ENCRYPTION_KEYS): the row holds no plain
text, values round-trip, keys rotate (reencrypt_secrets) and a missing key is a clear 409, not a 500."""

from __future__ import annotations

import importlib
import json
from types import SimpleNamespace

import pytest
from cryptography.fernet import Fernet, InvalidToken
from django.apps import apps
from django.core.management import CommandError, call_command
from django.db import connection
from django.test import override_settings

from core.crypto import SEALED, SecretsUnreadableError
from gateway import services as gateway
from gateway.models import PluginConfig, PluginKind
from tests.support.http import ApiClient

pytestmark = pytest.mark.django_db

SECRET = "a-webhook-secret-of-the-bank-0123456789"


def raw_config() -> dict[str, object]:
    """The sandbox bank's platform row as PostgreSQL holds it (no model code in between)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT config::text FROM public.gateway_pluginconfig WHERE tenant_id IS NULL AND code = %s",
            ["sandbox_bank"],
        )
        (text,) = cursor.fetchone()
    config: dict[str, object] = json.loads(text)
    return config


@pytest.fixture
def admin() -> ApiClient:
    client = ApiClient("public")
    client.login_as("admin")
    return client


def save_secret(admin: ApiClient, secret: str = SECRET) -> None:
    response = admin.put_json(
        "/api/admin/plugins/provider/sandbox_bank", {"config": {"webhook_secret": secret}}
    )
    assert response.status_code == 200, response.content


def token_of(config: dict[str, object]) -> bytes:
    sealed = config["webhook_secret"]
    assert isinstance(sealed, dict)
    assert set(sealed) == {SEALED}
    return str(sealed[SEALED]).encode()


def test_the_stored_secret_is_not_the_plain_text_and_round_trips(admin: ApiClient) -> None:
    save_secret(admin)
    raw = raw_config()
    assert SECRET not in json.dumps(raw)
    token_of(raw)  # sealed
    assert gateway.effective_config(PluginKind.PROVIDER, "sandbox_bank", None)["webhook_secret"] == SECRET
    # Saving the other fields keeps the secret (decrypted, sealed again).
    admin.put_json("/api/admin/plugins/provider/sandbox_bank", {"config": {"confirm_delay_seconds": 4}})
    assert gateway.effective_config(PluginKind.PROVIDER, "sandbox_bank", None)["webhook_secret"] == SECRET


def test_rotation_old_key_still_decrypts_and_reencrypt_moves_to_the_new_key(
    admin: ApiClient,
) -> None:
    old = Fernet.generate_key().decode()
    new = Fernet.generate_key().decode()
    with override_settings(COFRE_ENCRYPTION_KEYS=[old]):
        save_secret(admin)
    Fernet(old.encode()).decrypt(token_of(raw_config()))
    with override_settings(COFRE_ENCRYPTION_KEYS=[new, old]):
        # the new key first: what the old key sealed is still read
        assert gateway.effective_config(PluginKind.PROVIDER, "sandbox_bank", None)["webhook_secret"] == SECRET
        call_command("reencrypt_secrets")
    token = token_of(raw_config())
    assert json.loads(Fernet(new.encode()).decrypt(token)) == SECRET
    with pytest.raises(InvalidToken):
        Fernet(old.encode()).decrypt(token)
    with override_settings(COFRE_ENCRYPTION_KEYS=[new]):  # the old key dropped
        assert gateway.effective_config(PluginKind.PROVIDER, "sandbox_bank", None)["webhook_secret"] == SECRET


def test_a_wrong_key_is_a_clear_error_not_a_500(admin: ApiClient) -> None:
    save_secret(admin)
    with override_settings(COFRE_ENCRYPTION_KEYS=[Fernet.generate_key().decode()]):
        response = admin.put_json(
            "/api/admin/plugins/provider/sandbox_bank", {"config": {"confirm_delay_seconds": 4}}
        )
        assert response.status_code == 409, response.content
        assert response.json()["code"] == "secrets_unreadable"
        assert "COFRE_ENCRYPTION_KEYS" in response.json()["message"]
        with pytest.raises(SecretsUnreadableError):
            gateway.effective_config(PluginKind.PROVIDER, "sandbox_bank", None)
        # The list still answers (it shows which secrets are set, never decrypts them).
        assert admin.get("/api/admin/plugins").status_code == 200
        with pytest.raises(CommandError, match="keep the old key"):
            call_command("reencrypt_secrets")
    # Nothing was changed by the refused rotation.
    assert gateway.effective_config(PluginKind.PROVIDER, "sandbox_bank", None)["webhook_secret"] == SECRET


def test_the_data_migration_and_reencrypt_seal_plain_text_secrets() -> None:
    PluginConfig.objects.filter(tenant__isnull=True, code="sandbox_bank").update(
        config={"webhook_secret": SECRET, "confirm_delay_seconds": 3}
    )
    migration = importlib.import_module("gateway.migrations.0003_encrypt_plugin_secrets")
    migration.encrypt(apps, SimpleNamespace(connection=connection))
    raw = raw_config()
    assert SECRET not in json.dumps(raw)
    assert gateway.effective_config(PluginKind.PROVIDER, "sandbox_bank", None)["webhook_secret"] == SECRET
    migration.decrypt(apps, SimpleNamespace(connection=connection))  # reversible
    assert raw_config()["webhook_secret"] == SECRET
    call_command("reencrypt_secrets")  # the command seals what is still plain, too
    assert SECRET not in json.dumps(raw_config())
    assert gateway.effective_config(PluginKind.PROVIDER, "sandbox_bank", None)["webhook_secret"] == SECRET
