import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import type { FeeRate } from '@/api/types';
import { appToaster } from '@/components/app-toaster';
import type { Locale } from '@/i18n/locales';
import { SessionProvider } from '@/lib/auth/session';
import { jsonResponse, makeUser, mockFetch, renderWithProviders } from '@/testing/test-utils';

import FeeRatesScreen from './fee-rates-screen';

const MENU = [{ route: 'admin/fee-rates', group: 'admin_fees' }];
const CLIENTS = [
  { slug: 'acme', name: 'Acme Pagamentos', kind: 'client', status: 'active', host: 'acme.localhost', modules: [], feature_toggles: [], currencies: ['BRL'], created_at: '2026-01-01T00:00:00Z' },
  { slug: 'orbita', name: 'Órbita Parceira', kind: 'partner', status: 'active', host: 'orbita.localhost', modules: [], feature_toggles: [], currencies: ['BRL'], created_at: '2026-01-01T00:00:00Z' },
];
const rate = (tenant: string | null, method: string, currency: string, percent_bp: number, fixed: number): FeeRate => ({ tenant, method, currency, percent_bp, fixed });
const RATES = [rate(null, 'pix', 'BRL', 99, 0), rate(null, 'card', 'USD', 450, 30), rate('acme', 'payout_pix', 'BRL', 0, 150)];
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

function renderScreen({ locale = 'en' as Locale } = {}) {
  document.cookie = 'csrftoken=t';
  renderWithProviders(
    <SessionProvider user={makeUser({ role: 'admin', userRole: 'admin', menu: MENU, home: 'admin/home' })}>
      <FeeRatesScreen route="admin/fee-rates" homeHref="/admin/home" />
    </SessionProvider>,
    { route: '/admin/fee-rates', locale },
  );
}

const calls = (fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).split('?')[0]!.endsWith(path) && ((init as RequestInit | undefined)?.method ?? 'GET') === method);

// Toasts live in a module-level store (at most 3 at once): each test starts without the last one's.
afterEach(() => appToaster.remove());

describe('fee rates screen (admin/fee-rates)', { timeout: 60_000 }, () => {
  it('lists every stored rate, the platform defaults first, formatted for the locale', async () => {
    mockFetch({ 'GET /admin/fee-rates': RATES, 'GET /tenants': CLIENTS });
    renderScreen({ locale: 'pt-BR' });
    const table = await screen.findByRole('table', { name: 'Tarifas' });
    await within(table).findByText('Acme Pagamentos');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => plain(row.textContent))).toEqual([
      expect.stringMatching(/^Padrão da plataformaPIXBRL0,99 ?%R\$ 0,00/),
      expect.stringMatching(/^Padrão da plataformaCartão de créditoUSD4,50 ?%US\$ 0,30/),
      expect.stringMatching(/^Acme PagamentosSaque por PIXBRL0,00 ?%R\$ 1,50/),
    ]);
    expect(within(rows[2]!).getByRole('button', { name: 'Voltar ao padrão: Saque por PIX em BRL (Acme Pagamentos)' })).toHaveTextContent('Voltar ao padrão');
    expect(within(rows[0]!).getByRole('button', { name: 'Remover: PIX em BRL (Padrão da plataforma)' })).toHaveTextContent('Remover');
    // Only clients are offered in the filter (a partner has no fees of its own).
    const filter = screen.getByRole('combobox', { name: 'Cliente' });
    expect(within(filter).getAllByRole('option').map((option) => option.textContent)).toEqual(['Todas as tarifas', 'Padrão da plataforma', 'Acme Pagamentos']);
  });

  it('shows which rate applies to a client: its own, else the platform default, else no fee', async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /admin/fee-rates': [...RATES, rate('acme', 'pix', 'BRL', 199, 150)], 'GET /tenants': CLIENTS });
    renderScreen();
    await screen.findByRole('table', { name: 'Fee rates' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Client' }), 'Acme Pagamentos');
    expect(screen.getByText('What Acme Pagamentos pays for each method: its own rate where it has one, else the platform default.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Fee rates' });
    const row = (key: string) => table.querySelector(`tr[data-rate='${key}']`) as HTMLElement;
    expect(row('pix:BRL').dataset.applies).toBe('client');
    expect(plain(row('pix:BRL').textContent)).toContain('1.99%R$1.50Client rateInstead of the platform’s 0.99% + R$0.00R$3.49');
    expect(row('card:USD').dataset.applies).toBe('platform');
    expect(plain(row('card:USD').textContent)).toContain('4.50%$0.30Platform default');
    expect(row('billet:BRL').dataset.applies).toBe('none');
    expect(plain(row('billet:BRL').textContent)).toContain('——No feeR$0.00');
    expect(within(row('billet:BRL')).getByRole('button', { name: 'Set client rate: Billet in BRL (Acme Pagamentos)' })).toHaveTextContent('Set client rate');
    expect(within(row('pix:BRL')).getByRole('button', { name: 'Reset to default: PIX in BRL (Acme Pagamentos)' })).toHaveTextContent('Reset to default');
  });

  it('sets a client’s rate after a confirmation with the before and after', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /admin/fee-rates': RATES,
      'GET /tenants': CLIENTS,
      'PUT /admin/fee-rates': (_url: string, init: RequestInit) => jsonResponse(JSON.parse(init.body as string)),
    });
    renderScreen({ locale: 'pt-BR' });
    await screen.findByRole('table', { name: 'Tarifas' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Cliente' }), 'Acme Pagamentos');
    await user.click(screen.getByRole('button', { name: 'Definir tarifa do cliente: PIX em BRL (Acme Pagamentos)' }));

    const form = await screen.findByRole('dialog', { name: 'Editar tarifa' });
    expect(plain(within(form).getByTestId('current-rate').textContent)).toMatch(/^Hoje: 0,99 ?% \+ R\$ 0,00 \(Padrão da plataforma\)$/);
    const percent = within(form).getByRole('textbox', { name: /^Percentual/ });
    expect(percent).toHaveValue('0,99'); // starts from what the client pays today
    await user.clear(percent);
    await user.type(percent, '2.49'); // the grouping separator, not a decimal comma
    await user.click(within(form).getByRole('button', { name: 'Revisar' }));
    expect(await within(form).findByText('Digite um percentual como 1,99')).toBeInTheDocument();
    await user.clear(percent);
    await user.type(percent, '2,49');
    const fixed = within(form).getByRole('textbox', { name: /^Valor fixo \(R\$\)/ });
    await user.clear(fixed);
    await user.type(fixed, '1,00');
    await user.click(within(form).getByRole('button', { name: 'Revisar' }));

    const confirm = await screen.findByRole('alertdialog', { name: 'Confirme a nova tarifa' });
    expect(plain(within(confirm).getByTestId('rate-before').textContent)).toMatch(/^0,99 ?% \+ R\$ 0,00 \(Padrão da plataforma\)$/);
    expect(plain(within(confirm).getByTestId('rate-after').textContent)).toMatch(/^2,49 ?% \+ R\$ 1,00 \(Tarifa do cliente\)$/);
    expect(plain(within(confirm).getByText(/^Sobre R\$ 100,00/).textContent)).toBe('Sobre R$ 100,00: tarifa R$ 0,99 → R$ 3,49');
    expect(within(confirm).getByText(/altera a tarifa de todo depósito futuro de Acme Pagamentos por PIX em BRL/)).toBeInTheDocument();
    expect(calls(fetchMock, 'PUT', '/api/admin/fee-rates')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Salvar tarifa' }));

    await waitFor(() => expect(calls(fetchMock, 'PUT', '/api/admin/fee-rates')).toHaveLength(1));
    const body = JSON.parse((calls(fetchMock, 'PUT', '/api/admin/fee-rates')[0]![1] as RequestInit).body as string);
    expect(body).toEqual({ tenant: 'acme', method: 'pix', currency: 'BRL', percent_bp: 249, fixed: 100 });
    expect(await screen.findByText('Tarifa salva')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: 'Confirme a nova tarifa' })).toBeNull());
  });

  it('brings the server’s field errors back to the form, translated', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /admin/fee-rates': RATES,
      'GET /tenants': CLIENTS,
      'PUT /admin/fee-rates': () =>
        jsonResponse({ code: 'invalid_input', message: 'Please check the highlighted fields.', fields: { percent_bp: 'Input should be less than or equal to 10000' } }, 400),
    });
    renderScreen();
    await screen.findByRole('table', { name: 'Fee rates' });
    await user.click(screen.getByRole('button', { name: 'New rate' }));
    const form = await screen.findByRole('dialog', { name: 'New fee rate' });
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Method/ }), 'TED payout');
    const percent = within(form).getByRole('textbox', { name: /^Percentage/ });
    await user.clear(percent);
    await user.type(percent, '1.5');
    await user.click(within(form).getByRole('button', { name: 'Review' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm the new rate' });
    expect(within(confirm).getByText(/every future TED payout in BRL of every client without a rate of its own/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Save rate' }));

    const back = await screen.findByRole('dialog', { name: 'New fee rate' });
    expect(await within(back).findByText('Between 0 and 100 %')).toBeInTheDocument();
    expect(within(back).getByRole('alert')).toHaveTextContent('Please check the highlighted fields.');
  });

  it('resets a client’s rate to the platform default after asking', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /admin/fee-rates': RATES,
      'GET /tenants': CLIENTS,
      'DELETE /admin/fee-rates/payout_pix/BRL': () => new Response(null, { status: 204 }),
    });
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Fee rates' });
    await user.click(await within(table).findByRole('button', { name: 'Reset to default: PIX payout in BRL (Acme Pagamentos)' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Reset to the platform default?' });
    expect(within(ask).getByText('Acme Pagamentos will pay no fee for PIX payout in BRL from now on: there is no platform default.')).toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'Reset to default' }));
    await waitFor(() => expect(calls(fetchMock, 'DELETE', '/api/admin/fee-rates/payout_pix/BRL')).toHaveLength(1));
    expect(String(calls(fetchMock, 'DELETE', '/api/admin/fee-rates/payout_pix/BRL')[0]![0])).toContain('?tenant=acme');
    expect(await screen.findByText('Fee rate removed')).toBeInTheDocument();
  });

  it('shows the empty state when no rate is set', async () => {
    mockFetch({ 'GET /admin/fee-rates': [], 'GET /tenants': CLIENTS });
    renderScreen({ locale: 'pt-BR' });
    expect(await screen.findByText('Nenhum registro para exibir')).toBeInTheDocument();
    expect(screen.getByText('Nenhuma tarifa definida ainda: depósitos e saques não pagam tarifa.')).toBeInTheDocument();
  });

  it('marks the table busy while the rates load', async () => {
    mockFetch({ 'GET /admin/fee-rates': () => new Promise<Response>(() => undefined), 'GET /tenants': CLIENTS });
    renderScreen();
    expect(await screen.findByRole('table', { name: 'Fee rates' })).toHaveAttribute('aria-busy', 'true');
  });
});
