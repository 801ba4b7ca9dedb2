"""Every operation of the API, enumerated from the NinjaAPI itself (a new route is covered automatically)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from config.api import api

# Operations anyone may call without a session.
PUBLIC = frozenset(
    {
        ("GET", "/api/health"),
        ("GET", "/api/auth/csrf"),
        ("POST", "/api/auth/login"),
        ("GET", "/api/auth/logout"),
        ("POST", "/api/webhooks/{provider}"),  # providers call it; the plugin verifies the signature
    }
)


@dataclass(frozen=True)
class Operation:
    method: str
    path: str  # with {params}
    view: Callable[..., Any]

    @property
    def routes(self) -> tuple[str, ...]:
        return tuple(getattr(self.view, "cofre_routes", ()))

    @property
    def write(self) -> bool:
        return bool(getattr(self.view, "cofre_write", False))

    @property
    def any_member(self) -> bool:
        return bool(getattr(self.view, "cofre_any_member", False))

    @property
    def params(self) -> list[str]:
        return re.findall(r"{(\w+)}", self.path)

    @property
    def is_public(self) -> bool:
        return (self.method, self.path) in PUBLIC

    def url(self, **values: object) -> str:
        path = self.path
        for name in self.params:
            path = path.replace("{" + name + "}", str(values.get(name, "1")))
        return path

    def __str__(self) -> str:
        return f"{self.method} {self.path}"


def operations() -> list[Operation]:
    found = []
    for prefix, router in api._routers:
        for path, path_view in router.path_operations.items():
            for operation in path_view.operations:
                for method in operation.methods:
                    full = "/api" + (prefix + path).rstrip("/")
                    found.append(Operation(method, re.sub("/+", "/", full), operation.view_func))
    return sorted(found, key=lambda op: (op.path, op.method))
