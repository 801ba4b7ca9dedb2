"""clients/webhooks against the real API: a client adds an endpoint, sees its secret once, and sees a
delivery arrive in the endpoint's log.

This test runs a gunicorn and a dramatiq worker of its own, on a Redis namespace of its own, with the
demo's setting that allows private addresses (the receiver is an HTTP server on this machine, a
thread of the test: outside our system). The deposit that makes the event is created by the page
itself, through the API, on that server.
"""

from __future__ import annotations

import json
import socket
import time
import uuid
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from django.conf import settings
from django.test import override_settings

from tests.browser.helpers import login_ui, role_url, wait_for_shell
from tests.support.stack import web_process, worker_process
from tests.webhooks.receiver import receiver
from webhooks import signing

if TYPE_CHECKING:
    from playwright.sync_api import Page, Response

WEBHOOKS = "/plataforma/clients/webhooks"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def hooks_web(django_db_setup: None, artifacts_dir: Path) -> Iterator[str]:
    env = {"COFRE_WEBHOOKS_ALLOW_PRIVATE": "1", "COFRE_WEBHOOKS_DEMO_RECEIVER": "1"}
    namespace = f"{settings.REDIS_NAMESPACE}-whb{uuid.uuid4().hex[:6]}"
    with ExitStack() as stack:
        with override_settings(REDIS_NAMESPACE=namespace):
            stack.enter_context(worker_process(artifacts_dir / "webhooks-browser-worker.log", env=env))
            base = stack.enter_context(
                web_process(artifacts_dir / "webhooks-browser-web.log", port=free_port(), env=env, workers=1)
            )
        yield base


def create_deposit(page: Page) -> int:
    """POST /api/deposits by the page itself (its session cookie and CSRF token)."""
    status: int = page.evaluate(
        """async () => {
            await fetch('/api/auth/csrf', {headers: {'X-ORIGEM': 'vercel'}});
            const csrf = document.cookie.split('; ').find((c) => c.startsWith('csrftoken=')).split('=')[1];
            const body = {method: 'pix', amount: 1500, currency: 'BRL',
                          payer: {name: 'Ana Souza', document: '52998224725'}};
            const answer = await fetch('/api/deposits', {
                method: 'POST', credentials: 'include', body: JSON.stringify(body),
                headers: {'X-ORIGEM': 'vercel', 'X-CSRFToken': csrf, 'Content-Type': 'application/json'},
            });
            return answer.status;
        }"""
    )
    return status


def api(page: Page, method: str, path: str, body: object = None) -> dict[str, object]:
    """A call made by the page itself (its session cookie and CSRF token); {"status", "json"}."""
    answer: dict[str, object] = page.evaluate(
        """async ([method, path, body]) => {
            await fetch('/api/auth/csrf', {headers: {'X-ORIGEM': 'vercel'}});
            const csrf = document.cookie.split('; ').find((c) => c.startsWith('csrftoken=')).split('=')[1];
            const headers = {'X-ORIGEM': 'vercel', 'X-CSRFToken': csrf, 'Content-Type': 'application/json'};
            const init = {method, credentials: 'include', headers};
            if (body !== null) init.body = JSON.stringify(body);
            const response = await fetch(path, init);
            const text = await response.text();
            return {status: response.status, json: text ? JSON.parse(text) : null};
        }""",
        [method, path, body],
    )
    return answer


def delete_endpoint(page: Page, endpoint_id: str) -> None:
    page.evaluate(
        """async (id) => {
            const csrf = document.cookie.split('; ').find((c) => c.startsWith('csrftoken=')).split('=')[1];
            await fetch(`/api/webhook-endpoints/${id}`, {method: 'DELETE', credentials: 'include',
                headers: {'X-ORIGEM': 'vercel', 'X-CSRFToken': csrf}});
        }""",
        endpoint_id,
    )


def test_a_client_adds_an_endpoint_sees_the_secret_once_and_a_delivery_in_the_log(
    page: Page, hooks_web: str
) -> None:
    with receiver() as merchant:
        login_ui(page, hooks_web, "client")
        page.goto(role_url(hooks_web, "client", WEBHOOKS))
        wait_for_shell(page)
        page.get_by_role("heading", name="Webhooks").first.wait_for()

        page.get_by_role("button", name="Adicionar endpoint", exact=True).click()
        form = page.get_by_role("dialog", name="Adicionar endpoint de webhook")
        form.get_by_label("URL do endpoint").fill(merchant.url)
        form.get_by_text("deposit.created", exact=True).click()  # the label (the box is drawn over the input)
        assert form.get_by_role("checkbox", name="deposit.created").is_checked()

        def created(r: Response) -> bool:
            return r.url.endswith("/api/webhook-endpoints") and r.request.method == "POST"

        with page.expect_response(created) as answer:
            form.get_by_role("button", name="Adicionar endpoint", exact=True).click()
        assert answer.value.status == 201, answer.value.text()
        endpoint_id = answer.value.json()["id"]

        shown = page.get_by_role("alertdialog", name="Segredo de assinatura do seu endpoint")
        shown.wait_for()
        assert "não será mostrado de novo" in shown.inner_text()
        secret = shown.get_by_label(f"Segredo de assinatura de {merchant.url}").input_value()
        assert secret.startswith("whsec_")
        assert shown.get_by_role("button", name="Copiar").is_visible()
        shown.get_by_role("button", name="Já copiei o segredo").click()
        shown.wait_for(state="hidden")
        try:
            row = page.locator(f"[data-endpoint='{endpoint_id}']")
            row.wait_for()
            assert secret not in page.content()  # shown once: gone with its dialog

            assert create_deposit(page) == 201
            arrived = merchant.wait_for(1, timeout=30)
            body = json.loads(arrived[0].body)
            assert body["type"] == "deposit.created"
            assert signing.verify(
                secret, arrived[0].headers[signing.HEADER], arrived[0].body, int(time.time())
            )

            row.get_by_role("button", name=f"Entregas: {merchant.url}").click()
            section = page.get_by_role("region", name=f"Entregas para {merchant.url}")
            delivered = section.locator("[data-delivery]").filter(has_text="Entregue")
            delivered.first.wait_for(timeout=20_000)  # the log polls every 5 s
            assert "deposit.created" in delivered.first.inner_text()
            assert "200" in delivered.first.inner_text()
            delivered.first.get_by_role("button", name="Detalhes").click()
            drawer = page.get_by_role("dialog")
            drawer.get_by_text("Tentativa 1").wait_for()
            assert body["id"] in drawer.inner_text()
        finally:
            delete_endpoint(page, endpoint_id)


def test_the_demo_receiver_inside_the_product_verifies_the_deliveries(page: Page, hooks_web: str) -> None:
    """`make run`'s demo: an endpoint pointing at /api/webhook-receiver/... of the product itself."""
    login_ui(page, hooks_web, "client")
    page.goto(role_url(hooks_web, "client", WEBHOOKS))
    wait_for_shell(page)
    base = hooks_web.replace("localhost", "127.0.0.1")
    created = api(
        page, "POST", "/api/webhook-endpoints", {"url": f"{base}/placeholder", "events": ["deposit.created"]}
    )
    assert created["status"] == 201, created
    endpoint_id = str(created["json"]["id"])  # type: ignore[index]
    try:
        url = f"{base}/api/webhook-receiver/acme/{endpoint_id}"
        assert api(page, "PATCH", f"/api/webhook-endpoints/{endpoint_id}", {"url": url})["status"] == 200
        assert create_deposit(page) == 201
        deliveries = f"/api/webhook-endpoints/{endpoint_id}/deliveries?status=succeeded"
        deadline = time.monotonic() + 30
        items: list[dict[str, str]] = []
        while not items and time.monotonic() < deadline:
            items = api(page, "GET", deliveries)["json"]["items"]  # type: ignore[index]
            if not items:
                page.wait_for_timeout(300)  # polling the log, as the screen does
        assert items, "no delivery succeeded"
        detail = api(page, "GET", f"/api/webhook-deliveries/{items[0]['id']}")["json"]
        answer = json.loads(detail["attempt_log"][0]["response_body"])  # type: ignore[index]
        assert answer["verified"] is True
        assert answer["event"] == items[0]["event_id"]
    finally:
        delete_endpoint(page, endpoint_id)
