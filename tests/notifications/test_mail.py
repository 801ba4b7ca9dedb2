"""E-mail (notifications.mail): rendered in the recipient's language, handed to the worker only when
the event's transaction commits, and the mails of today's events (export ready, webhook paused,
password reset). Delivery runs the real actor in this process through Django's test mail backend
(django.core.mail.outbox); tests/notifications/test_mail_worker.py sends through the real worker."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from django.conf import settings
from django.core import mail as django_mail
from django.db import transaction
from django_tenants.utils import schema_context

from accounts.models import User
from company.models import SETTINGS_PK, CompanySettings
from core.redis import redis_client
from exports import notices as export_notices
from exports.models import Export
from notifications import mail
from notifications.tasks import deliver_mail
from ops.demo import DEMO_PASSWORD, demo_email
from outbox.models import OutboxMessage
from tests.support.http import ApiClient
from tests.support.second_factor import enrol_second_factor, login_payload
from webhooks import notices as webhook_notices

pytestmark = pytest.mark.django_db

KIND = "test.mail"
Capture = Callable[..., Any]


@pytest.fixture(autouse=True)
def _setup() -> None:
    mail.register_mail(
        KIND,
        subject={"pt-BR": "Olá {name}", "en": "Hello {name}"},
        body={"pt-BR": "Total: {what}\n\nVeja https://example.test/x", "en": "Total: {what}\n\nSee https://example.test/x"},
    )  # fmt: skip
    client = redis_client()
    for key in client.scan_iter(f"{settings.REDIS_NAMESPACE}:*reset-ask*"):
        client.delete(key)


def deliver(capture: Capture) -> list[Any]:
    """Commit the test's work as far as mail goes: the jobs stored for the worker, run here."""
    before = len(django_mail.outbox)
    with capture(execute=False) as callbacks:
        pass
    del callbacks
    for row in OutboxMessage.objects.filter(actor_name=deliver_mail.actor_name).order_by("pk"):
        deliver_mail(*json.loads(row.message)["args"])
        row.delete()
    return django_mail.outbox[before:]


def pending() -> int:
    return OutboxMessage.objects.filter(actor_name=deliver_mail.actor_name).count()


def test_a_mail_is_rendered_in_each_language_with_text_and_html() -> None:
    subject, text, html = mail.render(KIND, "en", {"name": "Ana", "what": "<b>3</b>"})
    assert subject == "Hello Ana"
    assert text == "Total: <b>3</b>\n\nSee https://example.test/x"
    assert "&lt;b&gt;3&lt;/b&gt;" in html  # parameters are escaped in the HTML part
    assert '<a href="https://example.test/x"' in html
    assert mail.render(KIND, "pt-BR", {"name": "Ana", "what": 3})[:2] == (
        "Olá Ana",
        "Total: 3\n\nVeja https://example.test/x",
    )
    assert mail.render(KIND, "fr", {"name": "Ana", "what": 3})[0] == "Olá Ana"  # pt-BR when unknown


def test_the_mail_goes_only_when_the_transaction_commits(django_capture_on_commit_callbacks: Capture) -> None:
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        mail.send(KIND, ["ana@example.test"], "en", {"name": "Ana", "what": 1})
        assert django_mail.outbox == []  # nothing sent inside the transaction
    assert len(callbacks) == 1  # the hand-over to the worker waits for the commit
    sent = deliver(django_capture_on_commit_callbacks)
    assert [(m.to, m.subject) for m in sent] == [(["ana@example.test"], "Hello Ana")]
    html = sent[0].alternatives[0]
    assert html[1] == "text/html"
    assert sent[0].from_email == settings.DEFAULT_FROM_EMAIL


def test_a_rolled_back_transaction_sends_nothing(django_capture_on_commit_callbacks: Capture) -> None:
    def fails() -> None:
        with transaction.atomic():
            mail.send(KIND, ["ana@example.test"], "en", {"name": "Ana", "what": 1})
            raise RuntimeError("the event fails after asking for its mail")

    with django_capture_on_commit_callbacks(execute=False) as callbacks, pytest.raises(RuntimeError):
        fails()
    assert callbacks == []
    assert pending() == 0
    assert deliver(django_capture_on_commit_callbacks) == []


def test_export_ready_mails_the_requester_in_their_language(
    django_capture_on_commit_callbacks: Capture,
) -> None:
    user = User.objects.get(email=demo_email("client"))
    for language, subject, body in (
        ("en", "Cofre: your deposits export is ready", "Your deposits export (42 rows) is ready"),
        (
            "pt-BR",
            "Cofre: sua exportação de depósitos está pronta",
            "Sua exportação de depósitos (42 linhas)",
        ),
    ):
        User.objects.filter(pk=user.pk).update(language=language)
        with schema_context("acme"):
            export_notices.ready(
                Export(public_id=f"exp_{language}", owner_id=user.pk, type="payments", rows=42)
            )
        sent = deliver(django_capture_on_commit_callbacks)
        assert [(m.to, m.subject) for m in sent] == [([user.email], subject)]
        assert body in sent[0].body


def test_a_paused_webhook_mails_the_company_notification_addresses(
    django_capture_on_commit_callbacks: Capture,
) -> None:
    with schema_context("acme"):
        CompanySettings.objects.update_or_create(
            pk=SETTINGS_PK,
            defaults={"notification_emails": ["financeiro@acme.example.com", "ti@acme.example.com"]},
        )
        webhook_notices.endpoint_paused("https://hooks.acme.example.com/cofre", 5)
    sent = deliver(django_capture_on_commit_callbacks)
    assert len(sent) == 1
    assert sorted(sent[0].to) == ["financeiro@acme.example.com", "ti@acme.example.com"]
    assert "https://hooks.acme.example.com/cofre" in sent[0].body
    assert "5" in sent[0].body


def test_without_notification_addresses_the_owners_get_it_each_in_their_language(
    django_capture_on_commit_callbacks: Capture,
) -> None:
    User.objects.filter(email=demo_email("client")).update(language="en")
    with schema_context("acme"):
        CompanySettings.objects.filter(pk=SETTINGS_PK).update(notification_emails=[])
        webhook_notices.endpoint_paused("https://hooks.acme.example.com/cofre", 7)
    sent = deliver(django_capture_on_commit_callbacks)
    assert [m.to for m in sent] == [[demo_email("client")]]  # the owner; not the client's other users
    assert sent[0].subject.startswith("Cofre: webhook paused")
    assert "failed 7 times in a row" in sent[0].body


# ---------------------------------------------------------------------------------- password reset
def ask(client: ApiClient, email: str) -> Any:
    return client.post_json("/api/auth/password-reset", {"email": email})


def link_of(message: Any) -> dict[str, str]:
    url = re.search(r"https?://\S+/redefinir-senha\S*", message.body)
    assert url is not None, message.body
    parts = urlsplit(url.group(0))
    assert parts.path == "/plataforma/redefinir-senha"
    return {k: v[0] for k, v in parse_qs(parts.query).items()}


def test_password_reset_end_to_end_with_a_single_use_token(
    django_capture_on_commit_callbacks: Capture,
) -> None:
    client = ApiClient("acme", language="en")
    User.objects.filter(email=demo_email("client")).update(language="pt-BR")
    answer = ask(client, demo_email("client").upper())
    assert answer.status_code == 202, answer.content
    sent = deliver(django_capture_on_commit_callbacks)
    assert [(m.to, m.subject) for m in sent] == [([demo_email("client")], "Cofre: redefinição de senha")]
    assert DEMO_PASSWORD not in sent[0].body
    link = link_of(sent[0])
    assert "acme" in sent[0].body.split("/plataforma/")[0]  # the link is on the tenant's own host

    weak = client.post_json("/api/auth/password-reset/confirm", {**link, "password": "123"})
    assert weak.status_code == 400
    assert "password" in weak.json()["fields"]
    done = client.post_json("/api/auth/password-reset/confirm", {**link, "password": "Nova-senha-forte-2026"})
    assert done.status_code == 200, done.content
    again = client.post_json(
        "/api/auth/password-reset/confirm", {**link, "password": "Outra-senha-forte-2026"}
    )
    assert again.status_code == 400
    assert again.json()["code"] == "invalid_token"
    assert again.json()["fields"] == {"token": "invalid_token"}

    fresh = ApiClient("acme")
    old = fresh.post_json("/api/auth/login", login_payload(demo_email("client"), DEMO_PASSWORD))
    assert old.status_code == 401
    assert fresh.post_json(
        "/api/auth/login", login_payload(demo_email("client"), "Nova-senha-forte-2026")
    ).status_code == 200  # fmt: skip


@pytest.mark.parametrize(
    ("uid", "token"), [("MQ", "nope"), ("not-base64!", "x"), ("", "x"), ("OTk5OTk5OQ", "abc-def")]
)
def test_a_bad_link_is_a_400_with_field_errors(uid: str, token: str) -> None:
    answer = ApiClient("acme").post_json(
        "/api/auth/password-reset/confirm", {"uid": uid, "token": token, "password": "Nova-senha-forte-2026"}
    )
    assert answer.status_code == 400
    assert answer.json()["fields"]


def test_no_user_enumeration(django_capture_on_commit_callbacks: Capture) -> None:
    client = ApiClient("acme")
    known = ask(client, demo_email("client"))
    unknown = ask(client, "nobody@nowhere.test")
    other_tenant = ask(client, demo_email("partner"))  # a user, but not a member of acme
    assert known.status_code == unknown.status_code == other_tenant.status_code == 202
    assert known.json() == unknown.json() == other_tenant.json()
    sent = deliver(django_capture_on_commit_callbacks)
    assert [m.to for m in sent] == [[demo_email("client")]]


def test_a_link_from_one_tenant_does_not_work_on_another(django_capture_on_commit_callbacks: Capture) -> None:
    assert ask(ApiClient("acme"), demo_email("client")).status_code == 202
    link = link_of(deliver(django_capture_on_commit_callbacks)[0])
    answer = ApiClient("beta").post_json(
        "/api/auth/password-reset/confirm", {**link, "password": "Nova-senha-forte-2026"}
    )
    assert answer.status_code == 400


def test_asking_is_throttled_per_address() -> None:
    client = ApiClient("acme", language="en")
    answers = [
        ask(client, "someone@acme.test").status_code
        for _ in range(settings.LOGIN_MAX_FAILURES_PER_ACCOUNT + 1)
    ]
    assert answers[:-1] == [202] * settings.LOGIN_MAX_FAILURES_PER_ACCOUNT
    assert answers[-1] == 429
    assert ask(client, "someone-else@acme.test").status_code == 202  # another address is not held back
    # the login of the address is not locked by reset requests
    login = client.post_json("/api/auth/login", login_payload("someone@acme.test", "x"))
    assert login.json()["code"] == "invalid_credentials"


def test_a_new_member_is_welcomed_with_a_link_never_the_password(
    django_capture_on_commit_callbacks: Capture,
) -> None:
    enrol_second_factor(demo_email("client"))  # adding a member gives a role: a fresh second factor
    client = ApiClient("acme")
    client.login_as("client")
    added = client.post_json(
        "/api/members", {"email": "Nova.Analista@acme.test", "role": "client_user_analyst"}
    )
    assert added.status_code == 201, added.content
    password = added.json()["initial_password"]
    assert password
    sent = deliver(django_capture_on_commit_callbacks)
    assert [(m.to, m.subject) for m in sent] == [
        (["nova.analista@acme.test"], "Cofre: você tem acesso a Acme Pagamentos Ltda")
    ]
    assert password not in sent[0].body
    assert password not in sent[0].alternatives[0][0]
    assert "/plataforma/login" in sent[0].body
    link = link_of(sent[0])
    chosen = client.post_json(
        "/api/auth/password-reset/confirm", {**link, "password": "Minha-propria-senha-1"}
    )
    assert chosen.status_code == 200, chosen.content
    logged = ApiClient("acme").post_json(
        "/api/auth/login", login_payload("nova.analista@acme.test", "Minha-propria-senha-1")
    )
    assert logged.status_code == 200


@pytest.mark.parametrize(
    ("host", "role", "path", "extra"),
    [
        ("public", "admin", "/api/admin/tenants", {"kind": "client"}),
        ("orbita", "partner_admin", "/api/partner/clients", {}),
    ],
    ids=["admin-clients", "partner-clients"],
)
def test_a_provisioned_tenants_owner_is_invited_on_the_new_tenants_own_host(
    django_capture_on_commit_callbacks: Capture, host: str, role: str, path: str, extra: dict[str, str]
) -> None:
    staff = ApiClient(host)
    staff.login_as(role)
    created = staff.post_json(
        path, {"slug": "convite", "name": "Convite Ltda", "owner_email": "Dona@Convite.test", **extra}
    )
    assert created.status_code == 201, created.content
    password = created.json()["initial_password"]
    sent = deliver(django_capture_on_commit_callbacks)
    assert [(m.to, m.subject) for m in sent] == [
        (["dona@convite.test"], "Cofre: você tem acesso a Convite Ltda")
    ]
    assert password not in sent[0].body
    assert password not in sent[0].alternatives[0][0]
    assert "://convite.localhost" in sent[0].body.split("/plataforma/login")[0]  # its own host, not ours
    assert "://convite.localhost" in sent[0].body.split("/plataforma/redefinir-senha")[0].rsplit("\n", 1)[-1]
    link = link_of(sent[0])
    elsewhere = ApiClient(host).post_json(
        "/api/auth/password-reset/confirm", {**link, "password": "Senha-da-dona-2026"}
    )
    assert elsewhere.status_code == 400  # a link of the new tenant does not work on the inviter's host
    new_host = ApiClient("convite")
    chosen = new_host.post_json(
        "/api/auth/password-reset/confirm", {**link, "password": "Senha-da-dona-2026"}
    )
    assert chosen.status_code == 200, chosen.content
    logged = ApiClient("convite").post_json(
        "/api/auth/login", login_payload("dona@convite.test", "Senha-da-dona-2026")
    )
    assert logged.status_code == 200, logged.content
