import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { SessionUser } from '@/api/types';
import en from '@/i18n/en.json';
import { I18nProvider } from '@/i18n/i18n-provider';
import ptBR from '@/i18n/pt-BR.json';
import { browserLocation, resetCsrfCache } from '@/lib/api-client';
import { system } from '@/lib/theme';
import { createTestQueryClient, jsonResponse, makeUser, mockFetch } from '@/testing/test-utils';

import { createAppRoutes } from './router';

const adminMenu = [
  { route: 'admin/home', group: 'admin_home' },
  { route: 'employee/transactions', group: 'admin_home' },
  { route: 'admin/compliance', group: 'admin_kyc', badge: 'compliance_count' },
  { route: 'admin/restrictions', group: 'admin_kyc' },
];

function renderApp(path: string, locale: 'en' | 'pt-BR' = 'en') {
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [path] });
  const queryClient = createTestQueryClient();
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <I18nProvider initialLocale={locale} catalogs={{ en, 'pt-BR': ptBR }}>
          <RouterProvider router={router} />
        </I18nProvider>
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return { router, queryClient };
}

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

function signedIn(user: SessionUser, extra: Record<string, unknown> = {}) {
  return mockFetch({
    'GET /auth/me': user,
    'GET /notifications': { items: [], unread: 0 },
    'GET /payouts/compliance/count': { count: 3 },
    'PATCH /auth/profile': user,
    'GET /deposits': { items: [], next_cursor: null },
    'GET /deposits/summary': { count: 0, currencies: [] },
    'GET /balance': [],
    ...extra,
  });
}

// The routes these tests open are lazy modules. Loading them is awaited here, once, as a condition:
// no wait on a screen below then includes transforming a module, which a busy machine stretches past
// any bound (the first test used to fail by time on a loaded CI, not by what it checks).
beforeAll(async () => {
  await Promise.all([
    import('./routes/shell'),
    import('./routes/login'),
    import('./routes/not-authorized'),
    import('./routes/deposits'),
    import('@/features/deposits/components/client-home-screen'),
    import('@/features/profile/components/profile-screen'),
    import('@/features/placeholder/components/placeholder-screen'),
  ]);
}, 120_000);

// Full screens with Chakra components: the same generous bound as the other screen tests.
describe('the signed-in shell', { timeout: 60_000 }, () => {
  beforeEach(() => {
    resetCsrfCache();
    document.cookie = 'csrftoken=t';
    setWidth(1280);
  });
  afterEach(() => vi.useRealTimers());

  it('draws the server menu and the screen of a permitted route', async () => {
    signedIn(makeUser());
    renderApp('/clients/payments');
    expect(await screen.findByRole('heading', { level: 1, name: 'Deposits' })).toBeInTheDocument();
    expect(await screen.findByText('No records to show')).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/clients/home');
    expect(within(breadcrumb).getByText('Finance')).toBeInTheDocument();

    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Deposits' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('button', { name: 'Reports' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Refunds' })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('opens and closes a menu group on click', async () => {
    signedIn(makeUser());
    renderApp('/clients/payments');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    const finance = within(menu).getByRole('button', { name: 'Finance' });
    expect(finance).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(finance);
    expect(finance).toHaveAttribute('aria-expanded', 'false');
    expect(within(menu).queryByRole('link', { name: 'Deposits' })).not.toBeInTheDocument();
    await userEvent.click(finance);
    expect(within(menu).getByRole('link', { name: 'Deposits' })).toBeInTheDocument();
  });

  it('sends a route outside the menu to not-authorized', async () => {
    signedIn(makeUser());
    const { router } = renderApp('/admin/home');
    expect(await screen.findByRole('heading', { name: 'You are not authorized!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/misc/not-authorized');
  });

  it('shows not-found, not not-authorized, for an address that is no route of the product', async () => {
    signedIn(makeUser());
    const { router } = renderApp('/clients/no-such-screen');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'You are not authorized!' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/clients/home');
    expect(router.state.location.pathname).toBe('/clients/no-such-screen');
  });

  it('offers the change-role demo action to staff only', async () => {
    signedIn(makeUser());
    renderApp('/clients/home');
    await userEvent.click(await within(await screen.findByRole('banner')).findByRole('button', { name: 'Open theme customizer' }));
    expect(await screen.findByRole('dialog', { name: 'Theme customizer' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Change role' })).not.toBeInTheDocument();
  });

  it('sends a user with no visible menu entry to not-authorized', async () => {
    signedIn(makeUser({ menu: [] }));
    renderApp('/clients/home');
    expect(await screen.findByRole('heading', { name: 'You are not authorized!' })).toBeInTheDocument();
  });

  it('always allows the profile', async () => {
    signedIn(makeUser());
    renderApp('/user/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit profile' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('Ana Souza');
  });

  it('goes from /plataforma to the home route of the server', async () => {
    signedIn(makeUser({ home: 'clients/home' }));
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/clients/home');
  });

  it('sends a signed-out visitor to the login page', async () => {
    mockFetch({ 'GET /auth/me': () => jsonResponse({ code: 'not_authenticated', message: 'x' }, 401) });
    vi.spyOn(browserLocation, 'pathname').mockReturnValue('/plataforma/clients/home');
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    renderApp('/clients/home');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/plataforma/login'));
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('polls the compliance count every 10 s for admins and shows it on the badge', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let count = 3;
    const fetchMock = signedIn(makeUser({ role: 'admin', userRole: 'admin', home: 'admin/home', menu: adminMenu }), {
      'GET /payouts/compliance/count': () => jsonResponse({ count: count++ }),
    });
    renderApp('/admin/home');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    await userEvent.click(within(menu).getByRole('button', { name: 'KYC' }));
    const compliance = await within(menu).findByRole('link', { name: /Withdrawals/ });
    const calls = () => fetchMock.mock.calls.filter((call) => String(call[0]).includes('/payouts/compliance/count')).length;
    // The fake clock also moves with real time (testing-library's waits need it): on a slow machine
    // a poll may pass while the screen draws. So each step waits for its condition, not for a count
    // of polls: the badge shows the last answer, and moving the clock 10 s brings a new one.
    await waitFor(() => expect(compliance).toHaveTextContent(String(count - 1)));
    const shown = count - 1;
    const before = calls();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(calls()).toBeGreaterThan(before));
    await waitFor(() => expect(compliance).toHaveTextContent(String(count - 1)));
    expect(count - 1).toBeGreaterThan(shown);
  });

  it('keeps the last count and only logs when the compliance call fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signedIn(makeUser({ role: 'admin', userRole: 'admin', home: 'admin/home', menu: adminMenu }), {
      'GET /payouts/compliance/count': () => jsonResponse({ code: 'boom', message: 'boom' }, 500),
    });
    renderApp('/admin/home');
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    await waitFor(() => expect(error).toHaveBeenCalledWith('Compliance count failed', expect.anything()));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('does not poll the compliance count for other roles', async () => {
    const fetchMock = signedIn(makeUser());
    renderApp('/clients/home');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    expect(fetchMock.mock.calls.some((call) => String(call[0]).includes('compliance'))).toBe(false);
  });

  it('links the logo to the server home, or to the changed role', async () => {
    signedIn(makeUser({ role: 'admin', userRole: 'admin', home: 'admin/home', menu: adminMenu }));
    renderApp('/admin/home');
    expect(await screen.findByRole('link', { name: 'Cofre, go to home' })).toHaveAttribute('href', '/admin/home');
  });

  it('uses the stored change-role state for the role label only: the logo stays the user\'s own home', async () => {
    localStorage.setItem('state', JSON.stringify({ userRole: 'client' }));
    signedIn(makeUser({ role: 'admin', userRole: 'admin', home: 'admin/home', menu: adminMenu }));
    renderApp('/admin/home');
    expect(await screen.findByRole('link', { name: 'Cofre, go to home' })).toHaveAttribute('href', '/admin/home');
    expect(screen.getByText('Viewing as Client')).toBeInTheDocument();
    // the menu still is the server's
    expect(within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: 'Home' })).toBeInTheDocument();
  });

  it('shows the horizontal menu at 1200 px or more when chosen, vertical below', async () => {
    setWidth(1200);
    signedIn(makeUser({ interface_settings: { layout: 'horizontal' } }));
    renderApp('/clients/payments');
    await screen.findByRole('heading', { level: 1, name: 'Deposits' });
    expect(document.querySelector('[data-layout="horizontal"]')).not.toBeNull();

    act(() => {
      setWidth(1199);
      window.dispatchEvent(new Event('resize'));
    });
    expect(document.querySelector('[data-layout="vertical"]')).not.toBeNull();
  });

  it('opens horizontal menu dropdowns on hover', async () => {
    setWidth(1400);
    signedIn(makeUser({ interface_settings: { layout: 'horizontal' } }));
    renderApp('/clients/home');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    const finance = within(menu).getByRole('button', { name: 'Finance' });
    expect(finance).toHaveAttribute('aria-expanded', 'false');
    await userEvent.hover(finance);
    expect(finance).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByRole('link', { name: 'Deposits' })).toBeVisible();
    await userEvent.unhover(finance);
    expect(finance).toHaveAttribute('aria-expanded', 'false');
  });

  it('on small screens the sidebar toggles, closes after a click and resets on resize', async () => {
    setWidth(800);
    signedIn(makeUser());
    renderApp('/clients/home');
    await screen.findByRole('button', { name: 'Open menu' });
    const aside = document.querySelector('aside')!;
    expect(aside).not.toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(aside).toBeVisible();
    await userEvent.click(within(aside).getByRole('button', { name: 'Finance' }));
    await userEvent.click(within(aside).getByRole('link', { name: 'Deposits' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Deposits' })).toBeInTheDocument();
    expect(aside).not.toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(aside).toBeVisible();
    act(() => window.dispatchEvent(new Event('resize')));
    expect(aside).not.toBeVisible();
  });

  it('collapses the sidebar on /pages/profile', async () => {
    signedIn(makeUser());
    renderApp('/pages/profile');
    await screen.findByRole('heading', { level: 1, name: 'Profile' });
    expect(document.querySelector('aside[data-collapsed]')).not.toBeNull();
  });

  it('expands a collapsed sidebar on hover, and the user can expand it for good', async () => {
    const fetchMock = signedIn(makeUser({ interface_settings: { sidebarCollapsed: true } }));
    renderApp('/clients/home');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    const aside = document.querySelector('aside')!;
    expect(aside).toHaveAttribute('data-collapsed');
    await userEvent.hover(aside);
    expect(aside).not.toHaveAttribute('data-collapsed');
    await userEvent.unhover(aside);
    expect(aside).toHaveAttribute('data-collapsed');

    await userEvent.hover(aside);
    await userEvent.click(within(aside).getByRole('button', { name: 'Expand sidebar' }));
    await userEvent.unhover(aside);
    expect(aside).not.toHaveAttribute('data-collapsed');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some((call) => String((call[1] as RequestInit).body).includes('"sidebarCollapsed":false'))).toBe(true),
    );
  });

  it('hides the navbar, the footer and the customizer button when the settings say so', async () => {
    signedIn(makeUser({ interface_settings: { navbarType: 'hidden', footerType: 'hidden', disableCustomizer: true } }));
    renderApp('/clients/home');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open theme customizer' })).not.toBeInTheDocument();
  });

  it('opens the customizer from the navbar; the change-role demo action there changes no permission nor the logo link', async () => {
    signedIn(makeUser({ role: 'admin', userRole: 'admin', home: 'admin/home', menu: adminMenu, tenant: { slug: 'cofre', name: 'Cofre', kind: 'platform' } as SessionUser['tenant'] }));
    renderApp('/admin/home');
    await userEvent.click(await within(await screen.findByRole('banner')).findByRole('button', { name: 'Open theme customizer' }));
    expect(await screen.findByRole('dialog', { name: 'Theme customizer' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Change role' }), 'company');
    expect(JSON.parse(localStorage.getItem('state')!)).toEqual({ userRole: 'company' });
    expect(screen.getByText(/Your permissions do not change/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cofre, go to home', hidden: true })).toHaveAttribute('href', '/admin/home');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Change role' }), '');
    expect(localStorage.getItem('state')).toBeNull();
    expect(screen.getByRole('link', { name: 'Cofre, go to home', hidden: true })).toHaveAttribute('href', '/admin/home');
  });

  it('switches the language, remembers it and saves it to the profile', async () => {
    const fetchMock = signedIn(makeUser({ language: 'en' }));
    renderApp('/clients/payments');
    await screen.findByRole('heading', { level: 1, name: 'Deposits' });
    expect(document.documentElement).toHaveAttribute('lang', 'en');
    await userEvent.click(screen.getByRole('button', { name: 'Language: English, EN' }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Português (Brasil)' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Depósitos' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'pt-BR');
    expect(localStorage.getItem('cofre.language')).toBe('pt-BR');
    const patch = fetchMock.mock.calls.find((call) => (call[1] as RequestInit).method === 'PATCH');
    expect(JSON.parse((patch![1] as RequestInit).body as string)).toEqual({ language: 'pt-BR' });
    const headers = (patch![1] as RequestInit).headers as Record<string, string>;
    expect(headers['Accept-Language']).toBe('pt-BR');
  });

  it('logs out and navigates to /plataforma', async () => {
    const fetchMock = signedIn(makeUser(), { 'GET /auth/logout': { ok: true } });
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    renderApp('/clients/home');
    await userEvent.click(await screen.findByRole('button', { name: /^User menu for Ana Souza, / }));
    const logout = await screen.findByRole('menuitem', { name: 'Log out' });
    // Keyboard: the menu library tracks the input modality globally, which jsdom runs share. Each key
    // once the menu is ready for it (on a busy machine the menu takes focus a few frames later).
    await waitFor(() => expect(screen.getByRole('menu')).toHaveFocus());
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(logout).toHaveAttribute('data-highlighted'));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/plataforma/'));
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'GET' }));
  });
});
