"""Settlements in a browser: a client's PIX deposits settled today appear as one settlement on
clients/consolidation; "view payments" opens the drawer with those deposits. Data written in-process
and committed on a client of its own (nothing else settles there)."""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING, Any

import pytest
from django.utils import timezone
from django_tenants.utils import schema_context
from playwright.sync_api import expect

from payments import services
from tests.browser.helpers import wait_until_quiet
from tests.browser.money_out import login_as_email, new_client
from tests.payouts.helpers import post_webhooks

if TYPE_CHECKING:
    from playwright.sync_api import Page

PAYER = {"name": "Beatriz Consolidada", "document": "529.982.247-25"}


@pytest.fixture
def settled_client(web: str, django_db_blocker: Any) -> dict[str, Any]:
    with django_db_blocker.unblock():
        slug, email, api = new_client("stl")
        ids = []
        for amount in (12_345, 6_789):
            charge = {"method": "pix", "amount": amount, "currency": "BRL", "payer": PAYER}
            response = api.post_json("/api/deposits", charge)
            assert response.status_code == 201, response.content
            ids.append(response.json()["id"])
            assert post_webhooks(ids[-1]) == ["applied"]
        with schema_context(slug):
            # A week on: past the next business day (a weekend or a holiday may come first).
            assert services.settle_due(timezone.localdate() + timedelta(days=7)) == 2
        settlement = api.get("/api/settlements").json()["items"]
    assert len(settlement) == 1
    return {"slug": slug, "email": email, "ids": ids, "settlement": settlement[0]}


def test_a_client_opens_the_payments_of_a_settlement(
    page: Page, web: str, settled_client: dict[str, Any]
) -> None:
    login_as_email(page, web, settled_client["slug"], settled_client["email"])
    page.goto(page.url.split("/plataforma")[0] + "/plataforma/clients/consolidation")
    page.get_by_role("heading", level=1).first.wait_for(timeout=15_000)
    wait_until_quiet(page)
    row = page.locator(f'[data-settlement="{settled_client["settlement"]["id"]}"]')
    expect(row).to_be_visible(timeout=15_000)
    assert settled_client["settlement"]["count"] == 2
    row.get_by_role("button").click()
    page.wait_for_url(f"**settlement={settled_client['settlement']['id']}**", timeout=15_000)
    for deposit in settled_client["ids"]:
        expect(page.locator(f'[data-deposit="{deposit}"]')).to_be_visible(timeout=15_000)
    expect(page.get_by_role("dialog").get_by_text(PAYER["name"]).first).to_be_visible()
