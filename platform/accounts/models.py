"""Identities (one per e-mail, in the public schema) and their memberships in tenants.

One identity may belong to several tenants with one role in each; what a session may do is decided
by the membership of the tenant whose host it logged in on.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django.contrib.auth.base_user import AbstractBaseUser, BaseUserManager
from django.contrib.auth.models import PermissionsMixin
from django.db import models
from django.utils import timezone

from accounts.roles import Role
from tenants.models import Tenant


class UserManager(BaseUserManager["User"]):
    def create_user(self, email: str, password: str | None = None, **extra: Any) -> User:
        user = self.model(email=self.normalize_email(email).lower(), **extra)
        user.set_password(password)
        user.save(using=self._db)
        return user


class Language(models.TextChoices):
    PT_BR = "pt-BR", "Português (Brasil)"
    EN = "en", "English"


def default_interface_settings() -> dict[str, Any]:
    return {}


class User(AbstractBaseUser, PermissionsMixin):
    email = models.EmailField(unique=True)
    name = models.CharField(max_length=150, blank=True)
    is_active = models.BooleanField(default=True)
    language = models.CharField(max_length=8, choices=Language.choices, default=Language.PT_BR)
    interface_settings = models.JSONField(default=default_interface_settings, blank=True)
    avatar = models.CharField(max_length=300, blank=True)  # path under MEDIA_ROOT, served by the API
    date_joined = models.DateTimeField(default=timezone.now)

    objects: ClassVar[UserManager] = UserManager()

    USERNAME_FIELD = "email"
    EMAIL_FIELD = "email"
    REQUIRED_FIELDS: ClassVar[list[str]] = []

    def __str__(self) -> str:
        return self.email

    @property
    def display_name(self) -> str:
        return self.name or self.email.split("@", 1)[0]


class Membership(models.Model):
    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="memberships")
    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=32, choices=Role.choices)
    is_active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=("user", "tenant"), name="uniq_membership")]

    def __str__(self) -> str:
        return f"{self.user_id}@{self.tenant_id}:{self.role}"


class TotpDevice(models.Model):
    """A user's authenticator app (RFC 6238, 30 s steps, 6 digits): one per user. The secret is sealed
    with core.crypto (as plugin secrets are); `last_step` is the last time step accepted, so a code is
    never accepted twice (a replayed code is refused)."""

    user = models.OneToOneField(User, on_delete=models.CASCADE, related_name="totp_device")
    sealed_secret = models.JSONField()
    confirmed_at = models.DateTimeField(null=True, blank=True)  # null: enrolment started, not confirmed
    last_step = models.BigIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"totp of {self.user_id}"


class RecoveryCode(models.Model):
    """Single-use codes for when the phone is lost: stored as an HMAC of the code only."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="recovery_codes")
    code_hash = models.CharField(max_length=64)
    used_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=("user", "code_hash"), name="uniq_recovery_code")]

    def __str__(self) -> str:
        return f"recovery code of {self.user_id}"


class Passkey(models.Model):
    """A WebAuthn credential (a passkey) registered for one relying party: the host it was made on."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="passkeys")
    name = models.CharField(max_length=100)
    rp_id = models.CharField(max_length=253)
    credential_id = models.CharField(max_length=1400, unique=True)  # base64url
    public_key = models.BinaryField()
    sign_count = models.BigIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"passkey {self.name} of {self.user_id}"
