import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { Deposit, WalletActivity } from '@/api/types';
import { SessionProvider } from '@/lib/auth/session';
import { jsonResponse, makeUser, mockFetch, renderWithProviders } from '@/testing/test-utils';

import WalletActivityScreen from './wallet-activity-screen';
import WalletDepositScreen from './wallet-deposit-screen';
import WalletHomeScreen from './wallet-home-screen';

const MENU = ['home', 'atividade', 'depositar', 'sacar'].map((route) => ({ route, group: 'customer' }));
const ACTIVITY: WalletActivity[] = [
  { kind: 'withdraw', id: 'pay_1', status: 'waiting', method: 'pix', amount: 1_000, fee: 60, currency: 'BRL', created_at: '2026-11-20T12:00:00Z' },
  { kind: 'deposit', id: 'dep_1', status: 'confirmed', method: 'pix', amount: 10_000, fee: 99, currency: 'BRL', created_at: '2026-11-19T12:00:00Z' },
];
const DEPOSIT = {
  id: 'dep_new', status: 'waiting', method: 'pix', amount: 5_000, currency: 'BRL', fee: 0, net: 5_000, paid_amount: null,
  refunded_amount: 0, description: '', payer_name: 'Carla Dias', payer_document: '52998224725', payer_email: '', address: {},
  due_date: null, brcode: '00020126BRCODE', txid: 'tx', expires_at: null, provider: 'sandbox_bank', provider_reference: '',
  created_at: '2026-11-27T12:00:00Z', confirmed_at: null, settle_on: null, settled_at: null,
} as Deposit;

function render(screenElement: React.ReactElement, route: string) {
  document.cookie = 'csrftoken=t';
  renderWithProviders(
    <SessionProvider user={makeUser({ role: 'customer', userRole: 'customer', menu: MENU, home: 'home' })}>{screenElement}</SessionProvider>,
    { route: `/${route}` },
  );
}

const queryOf = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.split('?')[0]!.endsWith(path));

describe('customer wallet screens', { timeout: 60_000 }, () => {
  it('home: the wallet balance per currency and the recent activity', async () => {
    mockFetch({ 'GET /wallet': [{ currency: 'BRL', available: 123_456 }], 'GET /wallet/activity': { items: ACTIVITY } });
    render(<WalletHomeScreen route="home" homeHref="/home" />, 'home');
    const card = await screen.findByRole('region', { name: 'Balance in BRL' });
    expect(card).toHaveTextContent(/R\$\s?1,234\.56/);
    const table = await screen.findByRole('table', { name: 'My deposits and withdrawals' });
    await within(table).findByText('pay_1');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('Withdrawal')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add money' })).toHaveAttribute('href', '/depositar');
  });

  it('atividade: filters by type in the URL and asks the API for that type only', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ 'GET /wallet/activity': (url: string) => jsonResponse({ items: url.includes('kind=withdraw') ? [ACTIVITY[0]] : ACTIVITY }) });
    render(<WalletActivityScreen route="atividade" homeHref="/home" />, 'atividade');
    const table = await screen.findByRole('table', { name: 'My deposits and withdrawals' });
    await within(table).findByText('dep_1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'withdraw');
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'My deposits and withdrawals' })).queryByText('dep_1')).not.toBeInTheDocument());
    expect(queryOf(fetchMock, '/wallet/activity').some((url) => url.includes('kind=withdraw'))).toBe(true);
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
  });

  it('atividade: says so when the customer has nothing yet', async () => {
    mockFetch({ 'GET /wallet/activity': { items: [] } });
    render(<WalletActivityScreen route="atividade" homeHref="/home" />, 'atividade');
    expect(await screen.findByRole('status')).toHaveTextContent('Nothing here yet');
  });

  it('depositar: checks the form, shows the PIX code and the confirmation arriving (polled)', async () => {
    const user = userEvent.setup();
    let polls = 0;
    const fetchMock = mockFetch({
      'POST /wallet/deposits': () => jsonResponse(DEPOSIT, 201),
      'GET /wallet/deposits/dep_new': () => {
        polls += 1;
        return jsonResponse(polls >= 2 ? { ...DEPOSIT, status: 'confirmed', fee: 50 } : DEPOSIT);
      },
    });
    render(<WalletDepositScreen route="depositar" homeHref="/home" />, 'depositar');
    await user.click(await screen.findByRole('button', { name: 'Generate payment' }));
    expect(screen.getAllByText('Required')).toHaveLength(2);
    expect(queryOf(fetchMock, '/wallet/deposits')).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '50.00');
    await user.type(screen.getByRole('textbox', { name: /Payer name/ }), 'Carla Dias');
    await user.type(screen.getByRole('textbox', { name: /Payer CPF or CNPJ/ }), '52998224725');
    expect(screen.getByRole('textbox', { name: /Payer CPF or CNPJ/ })).toHaveValue('529.982.247-25');
    await user.click(screen.getByRole('button', { name: 'Generate payment' }));
    const code = await screen.findByRole('textbox', { name: 'PIX copy and paste' });
    expect(code).toHaveValue('00020126BRCODE');
    expect(screen.getByRole('img', { name: 'PIX QR code' })).toHaveAttribute('src', '/api/wallet/deposits/dep_new/document');
    expect(screen.getByRole('status')).toHaveTextContent('Waiting for your payment');
    const posted = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'POST');
    expect(JSON.parse(String((posted![1] as RequestInit).body))).toEqual({ method: 'pix', amount: 5_000, currency: 'BRL', payer: { name: 'Carla Dias', document: '52998224725' } });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/Payment confirmed: R\$\s?49\.50 added to your wallet\./), { timeout: 15_000 });
    expect(screen.queryByRole('textbox', { name: 'PIX copy and paste' })).not.toBeInTheDocument();
  });
});
