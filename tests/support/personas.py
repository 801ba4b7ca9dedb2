"""Demo personas (one per role) and where they live."""

from __future__ import annotations

from accounts.roles import ROLES_BY_KIND
from ops.demo import DEMO_ROLE_TENANT

# (role, tenant slug of its demo membership)
PERSONAS: list[tuple[str, str]] = [
    (role.value, DEMO_ROLE_TENANT[kind]) for kind, roles in ROLES_BY_KIND.items() for role in roles
]
HOME_OF = dict(PERSONAS)
