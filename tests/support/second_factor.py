"""The second factor in tests: a current TOTP code for any user who logs in.

Demo staff have the documented secret (ops.demo.DEMO_TOTP_SECRET); a staff user a test creates is
given one the same way, through the service (`second_factor.enrol_known_secret`), the first time a
helper logs it in. A code is accepted once per 30-second step (replays are refused), and tests log
the same user in many times a minute: before computing a code the helper forgets the step last used
(a test's own write to the row, never a switch in the product's code).

A client or partner owner needs no second factor to log in, but a step-up-protected change (a member's
role, a fee rate, ...) is refused without one (403 `second_factor_enrolment_required`): a test making
such a change as that user enrols it first with `enrol_second_factor` (the same documented secret),
then logs in with `login_payload` (or steps up with `step_up`). Browser tests share one database with
other tests: they undo it with `forget_second_factor` (a demo user left enrolled would be asked for a
code at every later login).

The database is reached through pytest-django's blocker, so browser tests (which hold no `db`
fixture) can ask too: tests/conftest.py hands it over (`allow_database`).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import Any

import pyotp

from ops.demo import DEMO_TOTP_SECRET

_unblock: list[Callable[[], AbstractContextManager[Any]]] = []


def allow_database(unblock: Callable[[], AbstractContextManager[Any]]) -> None:
    _unblock[:] = [unblock]


def _database() -> AbstractContextManager[Any]:
    return _unblock[0]() if _unblock else nullcontext()


def totp_code(email: str, *, enrol: bool = True) -> str | None:
    """A fresh code for `email` (None when the user has no authenticator and needs none). A user with a
    staff membership and no authenticator gets DEMO_TOTP_SECRET first, when `enrol`."""
    from accounts import second_factor, throttle
    from accounts.models import Membership, TotpDevice, User
    from accounts.roles import STAFF_ROLES
    from core.crypto import unseal

    with _database():
        user = User.objects.filter(email=email.strip().lower()).first()
        if user is None:
            return None
        device = second_factor.totp_device(user)
        if device is None:
            staff = Membership.objects.filter(user=user, role__in=STAFF_ROLES).exists()
            if not (enrol and staff):
                return None
            second_factor.enrol_known_secret(user, DEMO_TOTP_SECRET)
            device = second_factor.totp_device(user)
            assert device is not None
        TotpDevice.objects.filter(pk=device.pk).update(last_step=None)
        # and the account's failed codes (a test that tried wrong codes on purpose, a generative run)
        throttle.clear_account(user.email, None, scope=second_factor.SECOND_FACTOR)
        return pyotp.TOTP(str(unseal(device.sealed_secret))).now()


def login_payload(email: str, password: str) -> dict[str, str]:
    """The body of POST /api/auth/login, with the second factor's code when the user has or needs one."""
    payload = {"email": email, "password": password}
    code = totp_code(email)
    if code is not None:
        payload["code"] = code
    return payload


def enrol_second_factor(email: str) -> None:
    """Give `email`'s user (any role) a confirmed authenticator with DEMO_TOTP_SECRET, through the
    service; a user who has one keeps it."""
    from accounts import second_factor
    from accounts.models import User

    with _database():
        user = User.objects.get(email=email.strip().lower())
        second_factor.enrol_known_secret(user, DEMO_TOTP_SECRET)


def forget_second_factor(email: str) -> None:
    """Remove every second factor of `email`'s user (authenticator, passkeys, recovery codes): back to
    how the demo seeds a client or partner user."""
    from accounts.models import Passkey, RecoveryCode, TotpDevice, User

    with _database():
        user = User.objects.filter(email=email.strip().lower()).first()
        if user is not None:
            for model in (TotpDevice, Passkey, RecoveryCode):
                model.objects.filter(user=user).delete()


def step_up(client: Any, email: str) -> None:
    """A fresh second factor for the signed-in session of `client` (a tests.support.http.ApiClient)."""
    response = client.post_json("/api/auth/second-factor", {"code": totp_code(email)})
    assert response.status_code == 200, response.content
