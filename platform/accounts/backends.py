"""Authenticate an e-mail and password against a membership of the tenant being served."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.backends import ModelBackend
from django.http import HttpRequest

from accounts.models import Membership, User
from core.tenancy import current_schema


def active_membership(user_id: int, schema_name: str) -> Membership | None:
    return (
        Membership.objects.select_related("tenant", "user")
        .filter(user_id=user_id, tenant__schema_name=schema_name, is_active=True, user__is_active=True)
        .first()
    )


class MembershipBackend(ModelBackend):
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
