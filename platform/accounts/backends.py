"""Authenticate an e-mail and password against a membership of the tenant being served."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.backends import ModelBackend
from django.http import HttpRequest

from accounts import identity_cache
from accounts.models import Membership, User
from tenants.tenancy import current_schema


def active_membership(user_id: int, schema_name: str) -> Membership | None:
    """The user's active membership of the tenant with that schema (cached per request's process)."""
    return identity_cache.lookup(
        ("membership", user_id, schema_name),
        lambda: (
            Membership.objects.select_related("tenant", "user")
            .filter(user_id=user_id, tenant__schema_name=schema_name, is_active=True, user__is_active=True)
            .first()
        ),
    )


def acting_membership(user_id: int, schema_name: str) -> Membership | None:
    """The membership a request may act with on `schema_name`, or None: active, of an active user, in a
    tenant that is not suspended. The one rule for "who is this request", whether it carries a session
    (accounts.middleware) or an API key (credentials.services)."""
    membership = active_membership(user_id, schema_name)
    if membership is None or not membership.tenant.is_active:
        return None
    return membership


class MembershipBackend(ModelBackend):
    def get_user(self, user_id: int) -> User | None:
        """The session's user (cached per process, see accounts.identity_cache)."""
        user = identity_cache.lookup(("user", user_id), lambda: User.objects.filter(pk=user_id).first())
        return user if user is not None and self.user_can_authenticate(user) else None

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        email: str | None = None,
        **kwargs: Any,
    ) -> User | None:
        address = (email or username or "").strip().lower()
        if not address or password is None:
            return None
        user = User.objects.filter(email=address).first()
        if user is None:
            User().set_password(password)  # same work as a real check: no timing oracle for e-mails
            return None
        if not user.check_password(password) or not user.is_active:
            return None
        if active_membership(user.pk, current_schema()) is None:
            return None
        return user
