import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { KycContact } from '@/api/types';
import { SessionProvider } from '@/lib/auth/session';
import { makeUser, mockFetch, renderWithProviders } from '@/testing/test-utils';

import KycContactsScreen from './kyc-contacts-screen';

const SHARED: KycContact = {
  id: 1, kind: 'email', value: 'caixa@example.com', documents: 3, shared: true, first_seen_at: '2026-11-01T12:00:00Z', last_seen_at: '2026-11-20T12:00:00Z',
  used_by: [
    { document: '52998224725', clients: [{ slug: 'acme', name: 'Acme' }], uses: 2 },
    { document: '39053344705', clients: [{ slug: 'beta', name: 'Beta' }], uses: 1 },
  ],
};
const USER = makeUser({ role: 'admin', menu: [{ route: 'employee/kyc-phones-emails', group: 'admin_config' }] });

describe('e-mails and phones (employee/kyc-phones-emails)', { timeout: 60_000 }, () => {
  it('flags a contact many documents share and lists them; the filters of the URL go to the API', async () => {
    const fetchMock = mockFetch({ 'GET /kyc/contacts': { items: [SHARED], next_cursor: null, threshold: 3 } });
    renderWithProviders(
      <SessionProvider user={USER}>
        <KycContactsScreen route="employee/kyc-phones-emails" homeHref="/admin/home" />
      </SessionProvider>,
      { route: '/employee/kyc-phones-emails?shared=true&kind=email', locale: 'pt-BR' },
    );
    const table = await screen.findByRole('table', { name: 'E-mails e telefones' });
    const row = (await within(table).findByText('caixa@example.com')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Compartilhado')).toBeInTheDocument();
    expect(within(row).getByText('529.982.247-25 (Acme; 2 usos)')).toBeInTheDocument();
    const url = new URL(String(fetchMock.mock.calls.find(([u]) => String(u).includes('/kyc/contacts'))?.[0]), 'http://x');
    expect(url.searchParams.get('shared')).toBe('true');
    expect(url.searchParams.get('kind')).toBe('email');
  });
});
