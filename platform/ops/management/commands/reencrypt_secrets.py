"""`manage.py reencrypt_secrets`: after putting a new key first in COFRE_ENCRYPTION_KEYS, re-encrypt
every stored plugin secret with it (and seal any still in plain text); the old key can then go."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from core.crypto import EncryptionKeyError, SecretsUnreadableError
from gateway import services


class Command(BaseCommand):
    help = "Re-encrypt every plugin secret with the first key of COFRE_ENCRYPTION_KEYS (key rotation)."

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            rows, count = services.reencrypt_secrets()
        except SecretsUnreadableError as exc:
            raise CommandError(
                "A stored secret cannot be decrypted with any key of COFRE_ENCRYPTION_KEYS: keep the old "
                "key in the list (after the new one) until this command has run. Nothing was changed."
            ) from exc
        except EncryptionKeyError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"Re-encrypted {count} secret(s) in {rows} plugin configuration(s).")
