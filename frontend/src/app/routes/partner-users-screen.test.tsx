import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { SessionProvider } from '@/lib/auth/session';
import { makeUser, mockFetch, renderWithProviders } from '@/testing/test-utils';

import PartnerUsersScreen from './partner-users-screen';

const partnerAdmin = makeUser({ role: 'partner_admin', userRole: 'partner_admin', home: 'partner/users', menu: [{ route: 'partner/users', group: 'partner' }] });

afterEach(() => vi.unstubAllGlobals());

describe('partner/users: the users and the Clientes tab', { timeout: 60_000 }, () => {
  it('heads the page with the active tab', async () => {
    mockFetch({ 'GET /members': [], 'GET /partner/clients': { items: [], next_cursor: null } });
    renderWithProviders(
      <SessionProvider user={partnerAdmin}>
        <PartnerUsersScreen route="partner/users" homeHref="/partner/users" />
      </SessionProvider>,
      { route: '/partner/users', locale: 'pt-BR' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Usuários' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Clientes' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Clientes' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Usuários' })).toBeNull();
    expect(document.title).toContain('Clientes');
    // the breadcrumb goes through the route to the tab
    const crumbs = screen.getByRole('navigation', { name: /trilha|breadcrumb/i });
    expect(crumbs).toHaveTextContent(/Usuários.*Clientes/);
    await userEvent.click(screen.getByRole('tab', { name: 'Usuários' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Usuários' })).toBeInTheDocument();
  });

  it('puts the heading above the tabs, one heading per page', async () => {
    mockFetch({ 'GET /members': [], 'GET /partner/clients': { items: [], next_cursor: null } });
    renderWithProviders(
      <SessionProvider user={partnerAdmin}>
        <PartnerUsersScreen route="partner/users" homeHref="/partner/users" />
      </SessionProvider>,
      { route: '/partner/users', locale: 'pt-BR' },
    );
    const heading = await screen.findByRole('heading', { level: 1, name: 'Usuários' });
    const tabs = screen.getByRole('tablist');
    // DOCUMENT_POSITION_FOLLOWING: the tab list comes after the heading in the page.
    expect(heading.compareDocumentPosition(tabs) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await userEvent.click(screen.getByRole('tab', { name: 'Clientes' }));
    const clients = await screen.findByRole('heading', { level: 1, name: 'Clientes' });
    expect(clients.compareDocumentPosition(screen.getByRole('tablist')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
