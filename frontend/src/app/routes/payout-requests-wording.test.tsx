import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { StaffImportsPanel } from '@/features/payout-imports/components/staff-imports-panel';
import StaffPayoutsScreen from '@/features/payouts/components/staff-payouts-screen';
import type { Locale } from '@/i18n/locales';
import { SessionProvider } from '@/lib/auth/session';
import { makeUser, mockFetch, renderWithProviders } from '@/testing/test-utils';

const admin = makeUser({ role: 'admin', userRole: 'admin', home: 'admin/home', menu: [{ route: 'admin/payout-requests', group: 'admin_home' }] });
const CLIENTS = [{ slug: 'acme', name: 'Acme Ltda', kind: 'client' }];

afterEach(() => vi.unstubAllGlobals());

/** Payout requests as money-out.tsx mounts it: the payout form's client, then the import's. */
function render(locale: Locale) {
  mockFetch({ 'GET /tenants': CLIENTS, 'GET /transactions': { items: [], next_cursor: null } });
  renderWithProviders(
    <SessionProvider user={admin}>
      <StaffPayoutsScreen route="admin/payout-requests" homeHref="/admin/home">
        <StaffImportsPanel writable />
      </StaffPayoutsScreen>
    </SessionProvider>,
    { route: '/admin/payout-requests', locale },
  );
}

describe('Payout requests: one wording for picking a client', { timeout: 60_000 }, () => {
  it.each([
    ['en', 'Choose a client', /select a client/i],
    ['pt-BR', 'Escolha um cliente', /selecione um cliente/i],
  ] as const)('%s: both client selects say "%s"', async (locale, wording, other) => {
    render(locale);
    // The payout form's client select and the import's (the list's filter has its own "all" choice): the
    // same empty choice in both.
    const clientSelects = (await screen.findAllByRole('option', { name: 'Acme Ltda' })).map((option) => option.closest('select')!);
    const emptyChoices = clientSelects.map((select) => within(select).getAllByRole('option')[0]?.textContent);
    expect(emptyChoices.filter((text) => text === wording)).toHaveLength(2);
    expect(document.body.textContent).not.toMatch(other);
  });
});
