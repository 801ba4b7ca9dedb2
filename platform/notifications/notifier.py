"""One app's notifications declared in one place: its kinds (both languages) and who hears of them.

The apps that notify the staff of a desk and the managers of a client (KYC, the MED desk) had the same
module shape: a list of `register_kind` calls, the staff's link and the client's link, and two
wrappers around `notify_staff` / `notify_members`. `Notifier` is that shape once:

    NOTIFIER = Notifier(
        staff_link="employee/meds", client_link="clients/meds",
        kinds=(Kind("med.opened", title={...}, content={...}, type_id=NotificationType.WARNING), ...),
    )
    NOTIFIER.register()                       # in AppConfig.ready
    NOTIFIER.staff("med.opened", client=...)  # inside the event's transaction
    NOTIFIER.client(tenant, "med.decided_client", deposit=...)

Parameters that differ per language are made with `format_money` (notifications.kinds), `in_words`
(a text per language) or `local_date` (a date as each language writes it).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from accounts.roles import Role
from notifications.kinds import register_kind
from notifications.models import NotificationType
from notifications.services import notify_members, notify_staff
from tenants.models import Tenant

CLIENT_MANAGERS: tuple[str, ...] = (Role.CLIENT, Role.CLIENT_USER_ADMIN)


@dataclass(frozen=True)
class Kind:
    code: str
    title: Mapping[str, str]
    content: Mapping[str, str]
    type_id: int = NotificationType.INFO


@dataclass(frozen=True)
class Notifier:
    staff_link: str
    client_link: str
    kinds: tuple[Kind, ...]
    staff_roles: tuple[str, ...] = (Role.ADMIN,)
    client_roles: tuple[str, ...] = CLIENT_MANAGERS
    _codes: frozenset[str] = field(init=False, default=frozenset())

    def __post_init__(self) -> None:
        object.__setattr__(self, "_codes", frozenset(k.code for k in self.kinds))

    def register(self) -> None:
        for kind in self.kinds:
            register_kind(kind.code, title=kind.title, content=kind.content, type_id=kind.type_id)

    def _known(self, code: str) -> str:
        if code not in self._codes:
            raise ValueError(f"notification kind {code!r} is not one of this notifier's")
        return code

    def staff(self, code: str, *, roles: Iterable[str] | None = None, **params: Any) -> None:
        """The platform's staff with the notifier's staff roles (or `roles`)."""
        notify_staff(kind=self._known(code), params=params, link=self.staff_link,
                     roles=tuple(roles) if roles is not None else self.staff_roles)  # fmt: skip

    def client(self, tenant: Tenant, code: str, **params: Any) -> None:
        """The client's members with the notifier's client roles."""
        notify_members(tenant, kind=self._known(code), params=params, link=self.client_link,
                       roles=self.client_roles)  # fmt: skip


def in_words(texts: Mapping[str, str]) -> dict[str, str]:
    """A parameter written differently per language (picked in the reader's when rendered)."""
    return {**texts, "_localized": "1"}


def local_date(day: date | None) -> dict[str, str] | str:
    """A date as each language writes it (28/11/2026, 11/28/2026); "—" for none."""
    if day is None:
        return "—"
    return in_words({"pt-BR": day.strftime("%d/%m/%Y"), "en": day.strftime("%m/%d/%Y")})
