"""Screens the kit fixed, in Chromium at 1440 and 390 px (pt-BR): clients/config fits the page and reads
its phone and threshold in words; the staff and partner user lists become cards on a phone; a list's
date filter is typed day first; a PIX key is removed with a labelled button that asks first, and a
customer's empty direct-deposit list says why. SCREENS_DIR=<folder> keeps the screenshots."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import login_ui, role_url, wait_for_shell
from tests.browser.test_company_settings import demo_profile  # noqa: F401 (fixture)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page


def shot(page: Page, name: str) -> None:
    folder = os.environ.get("SCREENS_DIR")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def signed_in(browser: Browser, web: str, role: str, width: int, height: int = 900) -> Page:
    context = browser.new_context(viewport={"width": width, "height": height}, locale="pt-BR")
    page = context.new_page()
    login_ui(page, web, role)
    return page


def overflow(page: Page) -> int:
    """How many CSS pixels the page is wider than the window (0: no horizontal scroll)."""
    return int(page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth"))


@pytest.mark.usefixtures("demo_profile")
def test_clients_config_fits_1440_with_the_phone_and_threshold_in_words(browser: Browser, web: str) -> None:
    for width in (1440, 390):
        page = signed_in(browser, web, "client", width)
        page.goto(role_url(web, "client", "/plataforma/clients/config"))
        wait_for_shell(page)
        expect(page.get_by_test_id("value-phone")).to_have_text("(11) 3456-7890", timeout=15_000)
        threshold = page.get_by_test_id("threshold-section")
        expect(threshold).to_contain_text("fila de revisão da plataforma")
        expect(threshold).not_to_contain_text("segunda pessoa")
        assert overflow(page) == 0, f"clients/config scrolls sideways at {width} px"
        shot(page, f"clients-config-{width}")
        page.context.close()


def test_staff_and_partner_user_lists_become_cards_at_390(browser: Browser, web: str) -> None:
    for role, path, member in (
        ("admin", "/plataforma/admin/employees", "employee@demo.test"),
        ("partner", "/plataforma/partner/users", "partner@demo.test"),
    ):
        page = signed_in(browser, web, role, 390, 844)
        page.goto(role_url(web, role, path))
        wait_for_shell(page)
        card = page.locator(f"[data-card][data-member='{member}']")
        expect(card).to_be_visible(timeout=15_000)
        status = card.locator("[data-column='status']")
        expect(status).to_have_text(re.compile("Ativo"))
        box = status.bounding_box()
        assert box is not None
        assert box["x"] + box["width"] <= 390
        expect(card).to_contain_text("Perfil")  # the role's line, with its label
        assert overflow(page) == 0
        shot(page, f"{role}-users-390")
        page.set_viewport_size({"width": 1440, "height": 900})
        expect(page.locator(f"tr[data-member='{member}']")).to_be_visible()
        shot(page, f"{role}-users-1440")
        page.context.close()


def test_a_list_date_filter_is_typed_day_first_and_sent_as_iso(browser: Browser, web: str) -> None:
    page = signed_in(browser, web, "admin", 1440)
    page.goto(role_url(web, "admin", "/plataforma/employee/transactions?kind=deposit"))
    wait_for_shell(page)
    since = page.locator("input[name='date_from']")
    expect(since).to_have_attribute("placeholder", "dd/mm/aaaa", timeout=15_000)
    since.press_sequentially("01022026")
    expect(since).to_have_value("01/02/2026")
    page.wait_for_url(re.compile(r"date_from=2026-02-01"))
    page.get_by_role("button", name="Abrir o calendário: De").click()
    expect(page.get_by_role("grid")).to_be_visible()
    shot(page, "transactions-calendar-1440")
    page.keyboard.press("Escape")
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(role_url(web, "admin", "/plataforma/admin/reports"))
    wait_for_shell(page)
    expect(page.locator("input[name='date_to']")).to_have_attribute("placeholder", "dd/mm/aaaa")
    assert overflow(page) == 0
    shot(page, "reports-390")
    page.context.close()


def test_a_customer_reads_why_the_direct_deposits_list_is_empty(browser: Browser, web: str) -> None:
    page = signed_in(browser, web, "customer", 1440)
    page.goto(role_url(web, "customer", "/plataforma/clients/direct_deposits"))
    wait_for_shell(page)
    expect(page.get_by_text(re.compile("dinheiro de outros pagadores"))).to_be_visible(timeout=15_000)
    shot(page, "direct-deposits-customer-1440")
    page.context.close()


LONG_EMAIL = "financeiro.contas.a.pagar.departamento.tesouraria@pagadora-com-nome-bem-comprido.example.com"


@pytest.fixture
def long_contact(django_db_blocker: Any) -> Iterator[None]:
    """A payer's long e-mail seen at acme (the contact index the screen lists)."""
    from django.db import transaction
    from django.utils import timezone

    from customers.contacts import note
    from gateway.models import ContactPoint
    from tenants.models import Tenant

    with django_db_blocker.unblock(), transaction.atomic():
        note(Tenant.objects.get(slug="acme"), "email", LONG_EMAIL, "52998224725", timezone.now())
    yield
    with django_db_blocker.unblock():
        ContactPoint.objects.filter(value=LONG_EMAIL).delete()


@pytest.mark.usefixtures("long_contact")
def test_long_emails_wrap_in_the_contact_cards_at_390(browser: Browser, web: str) -> None:
    page = signed_in(browser, web, "admin", 390, 844)
    page.goto(role_url(web, "admin", "/plataforma/employee/kyc-phones-emails"))
    wait_for_shell(page)
    card = page.locator(f"[data-card][data-contact='{LONG_EMAIL}']")
    expect(card).to_be_visible(timeout=15_000)
    expect(card.get_by_title(LONG_EMAIL)).to_have_text(LONG_EMAIL)  # whole, wrapped, with its title
    box = card.bounding_box()
    assert box is not None
    assert box["x"] + box["width"] <= 390
    assert overflow(page) == 0
    shot(page, "kyc-contacts-390")
    page.context.close()
