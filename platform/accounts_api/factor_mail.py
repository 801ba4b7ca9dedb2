"""E-mail the user whenever their second factor changes (notifications.mail, sent after commit): an
enrolment nobody asked for is how a stolen password shows itself."""

from __future__ import annotations

from django.http import HttpRequest

from accounts.models import User
from notifications import mail

CHANGED = "auth.second_factor_changed"

CHANGES: dict[str, dict[str, str]] = {
    "totp_enrolled": {
        "pt-BR": "um aplicativo autenticador foi ativado",
        "en": "an authenticator app was enabled",
    },
    "totp_disabled": {
        "pt-BR": "o aplicativo autenticador foi desativado",
        "en": "the authenticator app was disabled",
    },
    "passkey_added": {"pt-BR": "uma chave de acesso (passkey) foi cadastrada", "en": "a passkey was added"},
    "passkey_removed": {"pt-BR": "uma chave de acesso (passkey) foi removida", "en": "a passkey was removed"},
    "recovery_codes": {
        "pt-BR": "novos códigos de recuperação foram gerados",
        "en": "new recovery codes were generated",
    },
}

mail.register_mail(
    CHANGED,
    subject={
        "pt-BR": "Cofre: a verificação em duas etapas da sua conta mudou",
        "en": "Cofre: your account's two-step verification changed",
    },
    body={
        "pt-BR": "Olá, {name}.\n\nNa sua conta do Cofre ({host}), {change}.\n\nSe não foi você, fale com o "
        "administrador da sua conta agora e troque a sua senha.",
        "en": "Hello, {name}.\n\nOn your Cofre account ({host}), {change}.\n\nIf it was not you, tell your "
        "account's administrator now and change your password.",
    },
)


def notify(request: HttpRequest, user: User, change: str) -> None:
    mail.send_to_user(
        user,
        CHANGED,
        {
            "name": user.name or user.email,
            "host": request.get_host(),
            "change": {"_localized": True, **CHANGES[change]},
        },
    )
