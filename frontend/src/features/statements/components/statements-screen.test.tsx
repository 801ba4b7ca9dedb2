import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import type { Adjustment, Statement } from '@/api/types';
import { appToaster } from '@/components/app-toaster';
import { SessionProvider } from '@/lib/auth/session';
import { jsonResponse, makeUser, mockFetch, renderWithProviders } from '@/testing/test-utils';

import StatementsScreen from './statements-screen';

const CLIENTS = [{ slug: 'acme', name: 'Acme Pagamentos', kind: 'client', status: 'active', host: 'acme.localhost', modules: [], feature_toggles: [], currencies: ['BRL'], created_at: '2026-01-01T00:00:00Z' }];
const ACCOUNT = { code: 'tenant:acme:available:BRL', kind: 'available', currency: 'BRL', client: { slug: 'acme', name: 'Acme Pagamentos' }, provider: '', balance: 25_000 };
const STATEMENT: Statement = {
  account: ACCOUNT,
  date_from: '2026-11-01',
  date_to: '2026-11-27',
  opening_balance: 10_000,
  closing_balance: 25_000,
  items: [
    { id: 7, posted_at: '2026-11-27T12:00:00Z', kind: 'external_credit', reference: 'adj_1', memo: 'Acordo comercial', amount: 15_000, balance: 25_000 },
  ],
  next_cursor: null,
};
const PENDING: Adjustment = {
  id: 'adj_2', client: { slug: 'acme', name: 'Acme Pagamentos' }, direction: 'debit', amount: 500, currency: 'BRL', reason: 'Tarifa bancária',
  status: 'proposed', proposed_by: { email: 'admin@demo.test' }, decided_by: null, decided_at: null, reject_reason: '', created_at: '2026-11-27T10:00:00Z',
};

function renderScreen(search = '') {
  document.cookie = 'csrftoken=t';
  renderWithProviders(
    <SessionProvider user={makeUser({ role: 'financial', userRole: 'financial', menu: [{ route: 'financial/statements', group: 'admin_config', write: true }], home: 'financial/statements' })}>
      <StatementsScreen route="financial/statements" homeHref="/financial/statements" />
    </SessionProvider>,
    { route: `/financial/statements${search}`, locale: 'en' },
  );
}

const posts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST').map(([url, init]) => [String(url), JSON.parse(String((init as RequestInit).body ?? '{}'))]);

afterEach(() => appToaster.remove());

describe('statements screen', { timeout: 60_000 }, () => {
  it('shows the chosen account’s statement from the URL: balances, description, signed amounts', async () => {
    const fetchMock = mockFetch({
      'GET /tenants': CLIENTS,
      'GET /statements/accounts': { items: [ACCOUNT] },
      'GET /statements': STATEMENT,
      'GET /statements/adjustments': { items: [], next_cursor: null },
    });
    renderScreen('?client=acme&account=tenant%3Aacme%3Aavailable%3ABRL&date_from=2026-11-01&date_to=2026-11-27');
    const row = await screen.findByText('External credit');
    const line = row.closest('tr');
    expect(line).not.toBeNull();
    expect(within(line as HTMLElement).getByText('+R$150.00')).toBeInTheDocument();
    expect(within(line as HTMLElement).getByText('adj_1')).toBeInTheDocument();
    const summary = screen.getByTestId('statement-summary');
    expect(within(summary).getByText('R$100.00')).toBeInTheDocument();
    expect(within(summary).getByText('R$250.00')).toBeInTheDocument();
    const statementCall = fetchMock.mock.calls.map(([url]) => String(url)).find((url) => url.includes('/api/statements?'));
    expect(statementCall).toContain('account=tenant%3Aacme%3Aavailable%3ABRL');
    expect(statementCall).toContain('from=2026-11-01');
    expect(statementCall).toContain('to=2026-11-27');
    expect(screen.getByText('Nothing waits for confirmation.')).toBeInTheDocument();
  });

  it('asks for an account first, and proposes a credit in centavos with a reason', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /tenants': CLIENTS,
      'GET /statements/adjustments': { items: [PENDING], next_cursor: null },
      'POST /statements/adjustments': () => jsonResponse({ ...PENDING, id: 'adj_3', direction: 'credit' }, 201),
    });
    renderScreen();
    expect(await screen.findByText('Choose a client or the platform, then an account, to see its statement.')).toBeInTheDocument();
    expect(await screen.findByText('Tarifa bancária')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New credit or debit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Propose an external credit or debit' });
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: /Client/ }), 'acme');
    await user.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '1234.56');
    await user.click(within(dialog).getByRole('button', { name: 'Propose' }));
    expect(await within(dialog).findByText('Write a reason of at least 3 characters.')).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Acordo comercial');
    await user.click(within(dialog).getByRole('button', { name: 'Propose' }));
    expect(await screen.findByText('Proposed: waiting for another staff member to confirm')).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([
      [expect.stringMatching(/\/statements\/adjustments$/), { client: 'acme', direction: 'credit', currency: 'BRL', amount: 123_456, reason: 'Acordo comercial' }],
    ]);
  });
});
