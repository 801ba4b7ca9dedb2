"""Home statistics and metrics (issue 12) in the browser, against the real API and the demo data.

The figure on the screen is the API's own answer, formatted for pt-BR: what the roll-ups hold is checked
against a recount in tests/stats; here, that the screen shows it, filters in the URL and compares periods.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from playwright.sync_api import expect

from tests.browser.helpers import login_ui, role_url, wait_for_shell
from tests.support.servers import wait_for

if TYPE_CHECKING:
    from playwright.sync_api import Page


def _api(page: Page, path: str) -> Any:
    return page.evaluate(
        """async (path) => {
            const answer = await fetch(path, {headers: {'X-ORIGEM': 'vercel'}, credentials: 'include'});
            return answer.json();
        }""",
        path,
    )


def _brl(cents: int) -> str:
    whole, frac = divmod(cents, 100)
    return f"R$ {whole:,}".replace(",", ".") + f",{frac:02d}"


def _a_deposit_today(django_db_blocker: Any) -> None:
    """A PIX charge of acme's, committed (the browser's server reads it): the period is not empty.

    Waits until the sandbox bank has confirmed it: the figures compared below are read at two moments
    (the screen's and the test's), and a confirmation landing between them would make them differ."""
    from tests.support.http import ApiClient

    with django_db_blocker.unblock():
        acme = ApiClient("acme")
        acme.login_as("client")
        payer = {"name": "Ana Souza", "document": "52998224725"}
        body = {"method": "pix", "amount": 1000, "currency": "BRL", "payer": payer}
        created = acme.post_json("/api/deposits", body)
        assert created.status_code == 201, created.content
        path = f"/api/deposits/{created.json()['id']}"
        wait_for(
            lambda: acme.get(path).json()["status"] in {"confirmed", "paid_to_client"},
            "the sandbox bank to confirm the deposit",
            state=lambda: acme.get(path).json()["status"],
        )


def _paid(summary: dict[str, Any]) -> int:
    deposits = summary["deposits"]
    return int(deposits["confirmed"]["amount"] + deposits["paid_to_client"]["amount"])


def test_the_admin_home_shows_the_month_across_clients_and_one_client(
    page: Page, web: str, django_db_blocker: Any
) -> None:
    _a_deposit_today(django_db_blocker)
    login_ui(page, web, "admin")
    page.goto(role_url(web, "admin", "/plataforma/admin/home"))
    wait_for_shell(page)
    deposits = page.get_by_role("region", name="Depósitos")
    everyone = _api(page, "/api/stats/summary?currency=BRL")
    expect(deposits).to_contain_text(_brl(_paid(everyone)).replace(" ", "\xa0"))

    page.get_by_role("combobox", name="Cliente", exact=True).select_option("acme")
    page.wait_for_url(re.compile(r"client=acme"))
    acme = _api(page, "/api/stats/summary?currency=BRL&client=acme")
    expect(deposits).to_contain_text(_brl(_paid(acme)).replace(" ", "\xa0"))
    # The chart says the same to a screen reader, as a table.
    expect(page.get_by_role("figure", name=re.compile("Depósitos e saques pagos"))).to_be_attached()


def test_a_client_compares_its_metrics_with_the_period_before(
    page: Page, web: str, django_db_blocker: Any
) -> None:
    from datetime import timedelta

    from django.utils import timezone

    from tests.support.http import ApiClient

    with django_db_blocker.unblock():  # committed: the browser's server reads it
        acme = ApiClient("acme")
        acme.login_as("client")
        payer = {"name": "Ana Souza", "document": "52998224725"}
        created = acme.post_json(
            "/api/deposits", {"method": "pix", "amount": 1000, "currency": "BRL", "payer": payer}
        )
        assert created.status_code == 201, created.content
    today = timezone.localdate()  # São Paulo (TIME_ZONE), as the statistics count days
    yesterday = today - timedelta(days=1)
    login_ui(page, web, "client")
    page.goto(role_url(web, "client", f"/plataforma/clients/metrics?from={today}&to={today}"))
    wait_for_shell(page)
    deposits = page.get_by_role("region", name="Depósitos")
    shown = yesterday.strftime("%d/%m/%Y")
    expect(deposits).to_contain_text(re.compile(f"(em relação a|Nada em) {shown} \u2013 {shown}"))
    expect(page.get_by_role("combobox", name="Cliente", exact=True)).to_have_count(0)
    until = page.get_by_label("Até", exact=True)
    expect(until).to_have_value(today.strftime("%d/%m/%Y"))  # day first on a Portuguese screen
    until.fill(yesterday.strftime("%d/%m/%Y"))
    expect(page.get_by_role("alert")).to_contain_text("A data inicial deve ser anterior à final")
