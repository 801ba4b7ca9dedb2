"""The list kit in a browser (issue 11): at 1440 px with the sidebar open the key columns (amount, fee,
status, Aprovar/Rejeitar) stay on screen and no always-empty "Operação" column is drawn; at 390 px the
lists are cards led by amount, status and date; filters live in the URL and survive a reload.

The server and its database come up before Chromium (`web` before `browser`), so this file also
runs alone. Data written in-process and committed (a client of its own with a deposit and a payout waiting for
review). With SCREENS_DIR set, each screen is also saved as a PNG there (to look at)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import tenant_url
from tests.browser.helpers import login_ui, role_url, wait_for_shell, wait_until_quiet
from tests.browser.money_out import fund, login_as_email, new_client, payout

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

DEPOSITS = "/plataforma/clients/payments"
WITHDRAWS = "/plataforma/clients/withdraws"
COMPLIANCE = "/plataforma/admin/compliance"
TRANSACTIONS = "/plataforma/employee/transactions"
PAYOUT_REQUESTS = "/plataforma/admin/payout-requests"
PAYER = {
    "name": "João da Silva", "document": "529.982.247-25", "email": "joao@example.com",
    "street": "Rua das Flores", "number": "100", "complement": "", "neighborhood": "Centro",
    "city": "São Paulo", "state": "SP", "zipcode": "01001000",
}  # fmt: skip


@pytest.fixture
def seeded(web: str, django_db_blocker: Any) -> dict[str, str]:
    """A client with one PIX deposit and one payout waiting for review."""
    with django_db_blocker.unblock():
        slug, email, api = new_client("kit")
        fund(slug, 100_000)
        charge = {"method": "pix", "amount": 12_345, "currency": "BRL", "payer": PAYER}
        response = api.post_json("/api/deposits", charge)
        assert response.status_code == 201, response.content
        payout_id = payout(api, 30_000, status="waiting")
    return {"slug": slug, "email": email, "deposit": response.json()["id"], "payout": payout_id}


def shot(page: Page, name: str) -> None:
    folder = os.environ.get("SCREENS_DIR")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=False)


def client_page(browser: Browser, web: str, seeded: dict[str, str], width: int, height: int) -> Page:
    context = browser.new_context(viewport={"width": width, "height": height}, locale="pt-BR")
    page = context.new_page()
    login_as_email(page, web, seeded["slug"], seeded["email"])
    return page


def admin_page(browser: Browser, web: str, width: int, height: int) -> Page:
    context = browser.new_context(viewport={"width": width, "height": height}, locale="pt-BR")
    page = context.new_page()
    login_ui(page, web, "admin")
    return page


def on_screen(page: Page, column: str, width: int) -> None:
    """The header of `column` is drawn and fully inside the window (not clipped to the right)."""
    header = page.locator(f"th[data-column='{column}']").first
    expect(header).to_be_visible()
    box = header.bounding_box()
    assert box is not None, column
    assert box["x"] >= 0, (column, box)
    assert box["x"] + box["width"] <= width, (column, box)


def grid(page: Page, mode: str) -> None:
    expect(page.locator(f"[data-grid-mode='{mode}']").first).to_be_visible(timeout=15_000)


def test_key_columns_stay_on_screen_at_1440_with_the_sidebar_open(
    web: str, browser: Browser, seeded: dict[str, str]
) -> None:
    width = 1440
    page = client_page(browser, web, seeded, width, 900)
    page.goto(tenant_url(web, seeded["slug"], DEPOSITS))
    wait_for_shell(page)
    assert page.locator("aside nav").is_visible()  # the sidebar is open
    grid(page, "table")
    expect(page.get_by_role("button", name=f"Ver detalhes do depósito {seeded['deposit']}")).to_be_visible()
    for column in ("id", "status", "amount", "fee", "created"):
        on_screen(page, column, width)
    # The list starts above the fold: filters and the summary strip leave room for rows.
    first_row = page.locator("tbody tr").first.bounding_box()
    assert first_row is not None
    assert first_row["y"] + first_row["height"] < 900, first_row
    expect(page.get_by_test_id("list-range")).to_have_text(re.compile("^1\u20131 de 1$"))
    wait_until_quiet(page)
    shot(page, "deposits-client-1440")

    page.goto(tenant_url(web, seeded["slug"], WITHDRAWS))
    grid(page, "table")
    expect(page.locator(f"tr[data-payout='{seeded['payout']}']")).to_be_visible(timeout=15_000)
    for column in ("amount", "fee", "status"):
        on_screen(page, column, width)
    assert page.locator("th", has_text=re.compile(r"^Operação$")).count() == 0
    wait_until_quiet(page)
    shot(page, "payouts-client-1440")
    page.context.close()

    page = admin_page(browser, web, width, 900)
    page.goto(role_url(web, "admin", f"{COMPLIANCE}?client={seeded['slug']}"))
    wait_for_shell(page)
    row = page.locator(f"tr[data-payout='{seeded['payout']}']")
    expect(row).to_be_visible(timeout=15_000)
    for column in ("client", "amount", "actions"):
        on_screen(page, column, width)
    for name in ("Aprovar", "Rejeitar"):
        button = row.get_by_role("button", name=re.compile(f"^{name}"))
        box = button.bounding_box()
        assert box is not None, name
        assert box["x"] + box["width"] <= width, (name, box)
    wait_until_quiet(page)
    shot(page, "compliance-admin-1440")

    page.goto(role_url(web, "admin", f"{TRANSACTIONS}?kind=deposit"))
    grid(page, "table")
    for column in ("amount", "fee", "status"):
        on_screen(page, column, width)
    wait_until_quiet(page)
    shot(page, "deposits-admin-1440")

    page.goto(role_url(web, "admin", PAYOUT_REQUESTS))
    grid(page, "table")
    for column in ("amount", "status"):
        on_screen(page, column, width)
    wait_until_quiet(page)
    shot(page, "payouts-admin-1440")
    page.context.close()


def test_lists_become_cards_led_by_amount_status_and_date_at_390(
    web: str, browser: Browser, seeded: dict[str, str]
) -> None:
    page = client_page(browser, web, seeded, 390, 844)
    page.goto(tenant_url(web, seeded["slug"], DEPOSITS))
    wait_for_shell(page)
    grid(page, "cards")
    card = page.locator("[data-card]").first
    expect(card).to_be_visible()
    # amount and status on the first line, the date under them, all inside the phone's width
    amount = card.locator("[data-column='amount']").bounding_box()
    status = card.locator("[data-column='status']").bounding_box()
    date = card.locator("[data-column='created']").bounding_box()
    assert amount is not None
    assert status is not None
    assert date is not None
    assert abs(amount["y"] - status["y"]) < 20, (amount, status)
    assert date["y"] > amount["y"], (amount, date)
    assert status["x"] + status["width"] <= 390
    expect(card.locator("[data-column='amount']")).to_have_text(re.compile(r"R\$\s*123,45"))
    assert page.locator("table").count() == 0
    wait_until_quiet(page)
    shot(page, "deposits-client-390")

    page.goto(tenant_url(web, seeded["slug"], WITHDRAWS))
    grid(page, "cards")
    expect(page.locator(f"[data-card][data-payout='{seeded['payout']}']")).to_contain_text("R$")
    wait_until_quiet(page)
    shot(page, "payouts-client-390")
    page.context.close()

    page = admin_page(browser, web, 390, 844)
    page.goto(role_url(web, "admin", f"{COMPLIANCE}?client={seeded['slug']}"))
    wait_for_shell(page)
    grid(page, "cards")
    card = page.locator(f"[data-card][data-payout='{seeded['payout']}']")
    expect(card.get_by_role("button", name=re.compile("^Aprovar"))).to_be_visible()
    expect(card.get_by_role("button", name=re.compile("^Rejeitar"))).to_be_visible()
    wait_until_quiet(page)
    shot(page, "compliance-admin-390")

    page.goto(role_url(web, "admin", f"{TRANSACTIONS}?kind=deposit"))
    grid(page, "cards")
    wait_until_quiet(page)
    shot(page, "deposits-admin-390")
    page.goto(role_url(web, "admin", PAYOUT_REQUESTS))
    grid(page, "cards")
    wait_until_quiet(page)
    shot(page, "payouts-admin-390")
    page.context.close()


def test_filters_survive_a_reload(web: str, browser: Browser, seeded: dict[str, str]) -> None:
    page = client_page(browser, web, seeded, 1440, 900)
    page.goto(tenant_url(web, seeded["slug"], DEPOSITS))
    wait_for_shell(page)
    grid(page, "table")
    page.get_by_role("button", name=re.compile(r"^Tipo")).click()
    page.get_by_role("menuitemcheckbox", name="PIX").click()
    page.wait_for_url(re.compile(r"method=pix"))  # applied before the next change, as a user sees it
    page.keyboard.press("Escape")
    page.get_by_role("combobox", name="Por página").select_option("10")
    page.wait_for_url(re.compile(r"method=pix.*per_page=10"))
    page.reload()
    wait_for_shell(page)
    expect(page.get_by_role("button", name=re.compile(r"^Tipo PIX"))).to_be_visible()
    expect(page.get_by_role("combobox", name="Por página")).to_have_value("10")
    expect(page.get_by_role("button", name=f"Ver detalhes do depósito {seeded['deposit']}")).to_be_visible()
    page.context.close()


PLACEHOLDER_ROOM = """el => {
    const style = getComputedStyle(el);
    const context = document.createElement('canvas').getContext('2d');
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text: context.measureText(el.placeholder).width, room };
}"""


def test_the_search_hint_is_read_whole_at_1440(web: str, browser: Browser) -> None:
    """Transactions and Payout requests: the search field's placeholder is not cut off."""
    page = admin_page(browser, web, 1440, 900)
    screens = ((f"{TRANSACTIONS}?kind=deposit", "transactions"), (PAYOUT_REQUESTS, "payout-requests"))
    for path, name in screens:
        page.goto(role_url(web, "admin", path))
        search = page.get_by_placeholder("ID, ID no banco, CPF/CNPJ ou nome")
        expect(search).to_be_visible(timeout=15_000)
        shot(page, f"search-{name}-1440")
        measure = search.evaluate(PLACEHOLDER_ROOM)
        assert measure["text"] <= measure["room"], (name, measure)
    page.context.close()
