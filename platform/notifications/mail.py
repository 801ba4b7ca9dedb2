"""E-mail to people, in their language, sent by the worker once the event's transaction commits.

`send` renders a registered mail (a subject and a plain-text body per language, `{param}` fields,
with a simple HTML part made from the text) and hands it to `notifications.tasks.deliver_mail`
through core.jobs.enqueue_on_commit: nothing is sent for work that rolls back, a slow SMTP server
never holds a request, and a failed delivery is retried by dramatiq.

Where mail lands is configured by the environment (config/settings.py, README "Where mail lands").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.html import escape, urlize

from accounts.models import Membership, User
from accounts.roles import Role
from core.jobs import enqueue_on_commit
from tenants.models import Tenant

LANGUAGES = ("pt-BR", "en")
DEFAULT_LANGUAGE = "pt-BR"


@dataclass(frozen=True)
class MailKind:
    subject: Mapping[str, str]
    body: Mapping[str, str]


_KINDS: dict[str, MailKind] = {}
# Apps above this one may say where a tenant's notices go (company: its notification e-mails).
_tenant_addresses: list[Callable[[Tenant], list[str]]] = []


def register_mail(kind: str, *, subject: Mapping[str, str], body: Mapping[str, str]) -> None:
    missing = [lang for lang in LANGUAGES if lang not in subject or lang not in body]
    if missing:
        raise ValueError(f"mail {kind}: no text in {missing}")
    _KINDS[kind] = MailKind(subject=subject, body=body)


def register_tenant_addresses(provider: Callable[[Tenant], list[str]]) -> None:
    """`provider(tenant)`: the addresses the tenant asked its notices be sent to (may be empty)."""
    if provider not in _tenant_addresses:
        _tenant_addresses.append(provider)


def _param(value: Any, language: str) -> Any:
    # a parameter given in every language ({"_localized": True, "pt-BR": ..., "en": ...})
    if isinstance(value, Mapping) and value.get("_localized"):
        return value.get(language) or value.get(DEFAULT_LANGUAGE, "")
    return value


def render(kind: str, language: str, params: Mapping[str, Any] | None = None) -> tuple[str, str, str]:
    """(subject, plain text, HTML) of mail `kind` in `language` (pt-BR when it has none)."""
    mail = _KINDS[kind]
    lang = language if language in LANGUAGES else DEFAULT_LANGUAGE
    values = {key: _param(value, lang) for key, value in (params or {}).items()}
    subject = " ".join(mail.subject[lang].format(**values).split())  # one line, always
    text = mail.body[lang].format(**values)
    paragraphs = "".join(
        f"<p>{urlize(escape(p)).replace(chr(10), '<br>')}</p>" for p in text.split("\n\n") if p.strip()
    )
    html = (
        f'<!doctype html><html lang="{lang}"><body style="font-family:sans-serif">{paragraphs}</body></html>'
    )
    return subject, text, html


def send(kind: str, to: Iterable[str], language: str, params: Mapping[str, Any] | None = None) -> None:
    """Render `kind` in `language` and send it to `to` when the current transaction commits."""
    recipients = sorted({address.strip() for address in to if address and address.strip()})
    if not recipients:
        return
    subject, text, html = render(kind, language, params)
    enqueue_on_commit(_deliver(), recipients, subject, text, html)


def send_to_user(user: User, kind: str, params: Mapping[str, Any] | None = None) -> None:
    if user.is_active and user.email:
        send(kind, [user.email], user.language, params)


def send_to_tenant(tenant: Tenant, kind: str, params: Mapping[str, Any] | None = None) -> None:
    """To the addresses the tenant chose for notices (company settings), in its owner's language;
    when it chose none, to its active owners, each in their own language."""
    owners = list(
        Membership.objects.filter(
            tenant=tenant, is_active=True, user__is_active=True, role__in=(Role.CLIENT, Role.PARTNER)
        )
        .select_related("user")
        .order_by("pk")
    )
    chosen = [address for provider in _tenant_addresses for address in provider(tenant)]
    if chosen:
        send(kind, chosen, owners[0].user.language if owners else DEFAULT_LANGUAGE, params)
        return
    for owner in owners:
        send_to_user(owner.user, kind, params)


def _deliver() -> Any:
    from notifications.tasks import deliver_mail  # the actor needs the broker set up

    return deliver_mail
