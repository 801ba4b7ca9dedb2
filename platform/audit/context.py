"""Where the request being served comes from (address, user agent), for the audit entries written
while it is served. A service records an entry without handing the request down: `record` reads it
here. Set by `audit.middleware.RequestOriginMiddleware` for every request, reset after it."""

from __future__ import annotations

from contextvars import ContextVar, Token
from dataclasses import dataclass

from django.http import HttpRequest

USER_AGENT_MAX = 300


@dataclass(frozen=True)
class Origin:
    ip: str | None
    user_agent: str


_origin: ContextVar[Origin | None] = ContextVar("cofre_audit_origin", default=None)


def origin_of(request: HttpRequest) -> Origin:
    # REMOTE_ADDR only: behind a proxy it must be the client's address (as the API keys' allow-list).
    ip = request.META.get("REMOTE_ADDR") or None
    agent = str(request.META.get("HTTP_USER_AGENT") or "")[:USER_AGENT_MAX]
    return Origin(ip=ip, user_agent=agent)


def current_origin() -> Origin | None:
    return _origin.get()


def set_origin(origin: Origin | None) -> Token[Origin | None]:
    return _origin.set(origin)


def reset_origin(token: Token[Origin | None]) -> None:
    _origin.reset(token)
