"""Mail through the real dramatiq worker: a password reset asked on committed data lands, as a file
a developer can read, in the run's mail folder (the embedded default: settings.EMAIL_FILE_PATH), in
the user's language; its link sets the password once."""

from __future__ import annotations

import email
import email.policy
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from django.conf import settings
from django_tenants.utils import schema_context

from accounts.models import User
from ops.demo import DEMO_PASSWORD
from tenants.models import Tenant
from tests.payouts.helpers import committed_client
from tests.support.http import ApiClient
from tests.support.second_factor import login_payload

pytestmark = [pytest.mark.worker]


def wait_until(condition: Callable[[], Any], timeout: float = 60, interval: float = 0.2) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(interval)
    return None


def mails_to(address: str) -> list[email.message.EmailMessage]:
    """The messages to `address` the worker wrote to the run's mail folder (a file per message)."""
    folder = Path(settings.EMAIL_FILE_PATH)
    found = []
    for path in sorted(folder.glob("*.log")) if folder.is_dir() else []:
        for chunk in path.read_bytes().split(b"\n" + b"-" * 79 + b"\n"):
            message = email.message_from_bytes(chunk.strip(), policy=email.policy.default)
            if address in str(message.get("To", "")):
                assert isinstance(message, email.message.EmailMessage)
                found.append(message)
    return found


def mail_to(address: str) -> email.message.EmailMessage | None:
    found = mails_to(address)
    return found[0] if found else None


def test_the_worker_delivers_the_reset_link_and_it_works_once(worker: None, django_db_blocker: Any) -> None:
    with django_db_blocker.unblock():
        slug, _owner = committed_client("mlw")
        address = f"owner@{slug}.test"
        try:
            with schema_context("public"):
                User.objects.filter(email=address).update(language="en")
            client = ApiClient(slug)
            assert client.post_json("/api/auth/password-reset", {"email": address}).status_code == 202
            message = wait_until(lambda: mail_to(address))
            assert message is not None, f"no mail to {address} in {settings.EMAIL_FILE_PATH}"
            assert message["Subject"] == "Cofre: password reset"
            body = message.get_body(("plain",))
            assert body is not None
            text = body.get_content()
            assert "it works once" in text
            assert message.get_body(("html",)) is not None
            url = re.search(r"https?://\S+", text)
            assert url is not None, text
            link = {k: v[0] for k, v in parse_qs(urlsplit(url.group(0)).query).items()}
            new = {**link, "password": "Senha-nova-do-worker-9"}
            assert client.post_json("/api/auth/password-reset/confirm", new).status_code == 200
            assert client.post_json("/api/auth/password-reset/confirm", new).status_code == 400
            logged = ApiClient(slug).post_json("/api/auth/login", login_payload(address, DEMO_PASSWORD))
            assert logged.status_code == 401
        finally:
            with schema_context("public"):
                Tenant.objects.filter(slug=slug).update(status="suspended")
