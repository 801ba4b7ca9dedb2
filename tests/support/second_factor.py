"""The second factor in tests: a current TOTP code for any user who logs in.

Demo staff have the documented secret (ops.demo.DEMO_TOTP_SECRET); a staff user a test creates is
given one the same way, through the service (`second_factor.enrol_known_secret`), the first time a
helper logs it in. A code is accepted once per 30-second step (replays are refused), and tests log
the same user in many times a minute: before computing a code the helper forgets the step last used
(a test's own write to the row, never a switch in the product's code).

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
