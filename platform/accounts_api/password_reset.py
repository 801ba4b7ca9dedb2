"""Forgotten passwords and new members: a link by e-mail (notifications.mail) to set a password.

`ask` always answers the same whether or not the address belongs to a member of this host's tenant
(no user enumeration); it is throttled per address and per client IP like failed logins. The link
carries Django's PasswordResetTokenGenerator token: it dies when the password changes (single use),
when the user logs in again, and after settings.PASSWORD_RESET_TIMEOUT.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.password_validation import validate_password
from django.contrib.auth.tokens import default_token_generator
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import HttpRequest
from django.utils.encoding import force_str
from django.utils.http import urlsafe_base64_decode

from accounts import throttle
from accounts.models import Membership, User
from audit import services as audit
from audit.services import client_ip
from core.errors import AppError
from notifications import invitations, mail
from tenants.tenancy import current_schema

RESET = "auth.password_reset"

mail.register_mail(
    RESET,
    subject={"pt-BR": "Cofre: redefinição de senha", "en": "Cofre: password reset"},
    body={
        "pt-BR": "Olá, {name}.\n\nRecebemos um pedido para redefinir a sua senha do Cofre em {tenant}. Para "
        "escolher uma nova senha, abra o link abaixo (vale uma vez, por {hours} horas):\n\n{link}\n\n"
        "Se não foi você, ignore este e-mail: a sua senha continua a mesma.",
        "en": "Hello, {name}.\n\nWe received a request to reset your Cofre password on {tenant}. To choose "
        "a new password, open the link below (it works once, for {hours} hours):\n\n{link}\n\n"
        "If it was not you, ignore this e-mail: your password stays the same.",
    },
)


def invite(request: HttpRequest, membership: Membership, inviter: User) -> None:
    """Welcome a member just added to this host's tenant (notifications.invitations)."""
    invitations.invite(membership, inviter, request.get_host())


def ask(request: HttpRequest, email: str) -> None:
    """Send a reset link to `email` if it is an active member of this host's tenant; else nothing."""
    address = email.strip().lower()
    ip = client_ip(request)
    wait = throttle.locked_for_seconds(address, ip, throttle.RESET_REQUESTS)
    if wait:
        raise AppError("too_many_attempts", status=429, minutes=throttle.minutes(wait))
    throttle.register_failure(address, ip, throttle.RESET_REQUESTS)
    membership = (
        Membership.objects.select_related("user", "tenant")
        .filter(
            user__email=address, tenant__schema_name=current_schema(), is_active=True, user__is_active=True
        )
        .first()
    )
    if membership is None:
        audit.record("auth.password_reset_unknown", actor_email=address, request=request)
        return
    user = membership.user
    link = invitations.set_password_link(request.get_host(), user)
    with transaction.atomic():
        audit.record("auth.password_reset_asked", actor=user, target=user, request=request)
        mail.send_to_user(
            user,
            RESET,
            {
                "name": user.name or user.email,
                "tenant": membership.tenant.name,
                "link": link,
                "hours": settings.PASSWORD_RESET_TIMEOUT // 3600,
            },
        )


def confirm(request: HttpRequest, uid: str, token: str, password: str) -> None:
    """Set `password` for the user of `uid` when `token` is valid for them (400 invalid_token else)."""
    user = _user_of(uid)
    if user is None or not default_token_generator.check_token(user, token):
        raise AppError("invalid_token", status=400, fields={"token": "invalid_token"})
    try:
        validate_password(password, user)
    except ValidationError as exc:
        raise AppError(
            "weak_password", status=400, reasons=" ".join(exc.messages), fields={"password": "weak_password"}
        ) from exc
    with transaction.atomic():
        locked = User.objects.select_for_update().get(pk=user.pk)
        if not default_token_generator.check_token(locked, token):  # used meanwhile by another request
            raise AppError("invalid_token", status=400, fields={"token": "invalid_token"})
        locked.set_password(password)
        locked.save(update_fields=["password"])
        audit.record("auth.password_reset", actor=locked, target=locked, request=request)
    throttle.clear_account(locked.email, client_ip(request))  # a locked-out login may try again


def _user_of(uid: str) -> User | None:
    try:
        pk = int(force_str(urlsafe_base64_decode(uid)))
    except (ValueError, TypeError, OverflowError, UnicodeDecodeError):
        return None
    membership = (
        Membership.objects.select_related("user")
        .filter(user_id=pk, tenant__schema_name=current_schema(), is_active=True, user__is_active=True)
        .first()
    )
    return membership.user if membership else None
