"""The invitation a new login gets by e-mail: where to sign in and a single-use link to choose its own
password (never the password itself).

Sent when a member is added to a tenant (accounts_api.members) and when a tenant is provisioned with a
new owner (admin/clients, a partner's client onboarding): then the addresses are the NEW tenant's own
host, not the host the staff member or partner worked on. The link carries Django's
PasswordResetTokenGenerator token (dies when the password changes, on the next login, and after
settings.PASSWORD_RESET_TIMEOUT), checked by /api/auth/password-reset/confirm on that host.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.conf import settings
from django.contrib.auth.tokens import default_token_generator
from django.http import HttpRequest
from django.http.request import split_domain_port
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from accounts.models import Membership, User
from notifications import mail
from tenants import services as tenants
from tenants.models import Tenant

INVITED = "member.invited"
CHOOSE_PAGE = "/plataforma/redefinir-senha"  # where a link chooses the password
LOGIN_PAGE = "/plataforma/login"

mail.register_mail(
    INVITED,
    subject={"pt-BR": "Cofre: você tem acesso a {tenant}", "en": "Cofre: you have access to {tenant}"},
    body={
        "pt-BR": "Olá, {name}.\n\n{inviter} deu a você acesso ao Cofre de {tenant}. Entre em:\n\n{login}\n\n"
        "com o e-mail {email}. Para escolher a sua senha, abra este link (vale uma vez, por {hours} "
        "horas):\n\n{link}",
        "en": "Hello, {name}.\n\n{inviter} gave you access to {tenant}'s Cofre. Sign in at:\n\n{login}\n\n"
        "with the e-mail {email}. To choose your password, open this link (it works once, for {hours} "
        "hours):\n\n{link}",
    },
)


def set_password_link(host: str, user: User) -> str:
    """The single-use link on `host` (with its port) where `user` chooses a password."""
    query = urlencode(
        {
            "uid": urlsafe_base64_encode(force_bytes(user.pk)),
            "token": default_token_generator.make_token(user),
        }
    )
    return f"{settings.SITE_SCHEME}://{host}{CHOOSE_PAGE}?{query}"


def tenant_host(request: HttpRequest, tenant: Tenant) -> str:
    """`tenant`'s own host (tenants.services.tenant_host), with the port this request came in on (the
    same server answers every tenant's subdomain): where its users sign in."""
    _, port = split_domain_port(request.get_host())
    host = tenants.tenant_host(tenant.slug)
    return f"{host}:{port}" if port else host


def invite(membership: Membership, inviter: User, host: str) -> None:
    """Welcome `membership`'s user to its tenant on `host`: the login address and a link to choose the
    password, when the current transaction commits."""
    user = membership.user
    mail.send_to_user(
        user,
        INVITED,
        {
            "name": user.name or user.email,
            "inviter": inviter.name or inviter.email,
            "tenant": membership.tenant.name,
            "email": user.email,
            "login": f"{settings.SITE_SCHEME}://{host}{LOGIN_PAGE}",
            "link": set_password_link(host, user),
            "hours": settings.PASSWORD_RESET_TIMEOUT // 3600,
        },
    )


def invite_owner(request: HttpRequest, tenant: Tenant, owner_email: str, inviter: User) -> None:
    """The invitation of a just provisioned tenant's owner, on the tenant's own host."""
    membership = (
        Membership.objects.select_related("user", "tenant")
        .filter(tenant=tenant, user__email=owner_email, is_active=True)
        .first()
    )
    if membership is not None:
        invite(membership, inviter, tenant_host(request, tenant))
