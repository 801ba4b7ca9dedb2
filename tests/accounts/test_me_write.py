"""GET /api/auth/me says what the user may write (`can_write`, each menu entry's `write`), from the very
rule the API enforces (access.guard: `write=True` refuses the read-only roles): the frontend hides the
write actions from it and keeps no role list of its own."""

from __future__ import annotations

import pytest

from access.guard import check_route
from accounts.models import Membership
from core.errors import ForbiddenError
from ops.demo import demo_email
from tests.support.http import ApiClient
from tests.support.personas import PERSONAS
from tests.support.routes import BODIES

pytestmark = pytest.mark.django_db


def _guard_allows_write(membership: Membership, route: str) -> bool:
    try:
        check_route(membership, (route,), write=True)
    except ForbiddenError:
        return False
    return True


@pytest.mark.parametrize(("role", "slug"), PERSONAS)
def test_me_write_flags_match_what_the_api_enforces(role: str, slug: str) -> None:
    client = ApiClient(slug)
    client.login_as(role)
    me = client.get("/api/auth/me").json()
    membership = (
        Membership.objects.select_related("tenant", "user")
        .filter(user__email=demo_email(role), role=role)
        .first()
    )
    assert membership is not None
    for entry in me["menu"]:
        assert entry["write"] is _guard_allows_write(membership, entry["route"]), (role, entry["route"])
    if me["menu"]:  # some roles see no entry yet (company, hms, editor)
        assert me["can_write"] is any(entry["write"] for entry in me["menu"])


def test_a_read_only_role_is_told_and_refused_alike() -> None:
    analyst = ApiClient("acme")
    analyst.login_as("client_user_analyst")
    me = analyst.get("/api/auth/me").json()
    assert me["can_write"] is False
    assert {e["route"]: e["write"] for e in me["menu"]}["clients/payments"] is False
    refused = analyst.post_json("/api/deposits", BODIES[("POST", "/api/deposits")])
    assert refused.status_code == 403
    assert refused.json()["code"] == "read_only_role"

    owner = ApiClient("acme")
    owner.login_as("client")
    me = owner.get("/api/auth/me").json()
    assert me["can_write"] is True
    assert {e["route"]: e["write"] for e in me["menu"]}["clients/payments"] is True
