import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import type { Plugin, ProviderRoute } from '@/api/types';
import { appToaster } from '@/components/app-toaster';
import type { Locale } from '@/i18n/locales';
import { SessionProvider } from '@/lib/auth/session';
import { jsonResponse, makeUser, mockFetch, renderWithProviders } from '@/testing/test-utils';

import BankRoutingScreen from './bank-routing-screen';

const MENU = [
  { route: 'admin/deposits-banks', group: 'admin_banks' },
  { route: 'admin/withdraws-banks', group: 'admin_banks' },
];
const CLIENTS = [{ slug: 'acme', name: 'Acme Pagamentos', kind: 'client', status: 'active', host: 'acme.localhost', modules: [], feature_toggles: [], currencies: ['BRL'], created_at: '2026-01-01T00:00:00Z' }];

const SANDBOX_SCHEMA = {
  type: 'object',
  properties: {
    webhook_secret: { type: 'string', title: 'Webhook signing secret', writeOnly: true, minLength: 16, maxLength: 200 },
    confirm_delay_seconds: { type: 'integer', title: 'Seconds before the bank reports an outcome', default: 3, minimum: 0, maximum: 3600 },
    default_scenario: { type: 'string', title: 'Scenario when a request names none', enum: ['confirm', 'fail'], default: 'confirm' },
  },
  required: ['webhook_secret'],
};
const PIX_SCHEMA = { type: 'object', properties: { pix_key: { type: 'string', title: 'PIX key', minLength: 1, maxLength: 77 } }, required: ['pix_key'] };

function plugin(overrides: Partial<Plugin>): Plugin {
  return {
    kind: 'method', code: 'x', name: 'X', tenant: null, enabled: true, inherited: false, tenant_configurable: true, config: {},
    default_config: null, config_schema: { type: 'object', properties: {} }, currencies: [], methods: [], payout_methods: [], refund_methods: [],
    ...overrides,
  } as Plugin;
}

function plugins(tenant: string | null = null): Plugin[] {
  const view = { tenant, default_config: tenant ? {} : null, inherited: tenant !== null };
  return [
    plugin({ ...view, code: 'billet', name: 'Boleto', currencies: ['BRL'] }),
    plugin({ ...view, code: 'pix', name: 'PIX', currencies: ['BRL'], config_schema: PIX_SCHEMA, config: tenant ? {} : { pix_key: 'chave@example.com', secrets_set: [] } }),
    plugin({ ...view, code: 'wire', name: 'Bank transfer', currencies: ['BRL'], enabled: tenant === null }),
    plugin({
      ...view, kind: 'provider', code: 'sandbox_bank', name: 'Sandbox bank', tenant_configurable: false, inherited: false,
      config_schema: SANDBOX_SCHEMA, config: { confirm_delay_seconds: 3, secrets_set: ['webhook_secret'] },
      methods: ['billet', 'card', 'pix', 'wire'], payout_methods: ['pix', 'ted'], refund_methods: ['pix'],
    }),
    plugin({ ...view, kind: 'provider', code: 'other_bank', name: 'Other bank', tenant_configurable: false, inherited: false, methods: ['pix'], enabled: false }),
  ];
}
const ROUTES: ProviderRoute[] = [
  { tenant: null, method: 'pix', provider: 'sandbox_bank' },
  { tenant: null, method: 'billet', provider: 'sandbox_bank' },
  { tenant: 'acme', method: 'pix', provider: 'sandbox_bank' },
];
const pluginsHandler = (url: string) => jsonResponse(plugins(new URL(url, 'http://x').searchParams.get('tenant')));

function renderScreen(route = 'admin/deposits-banks', locale: Locale = 'en') {
  document.cookie = 'csrftoken=t';
  renderWithProviders(
    <SessionProvider user={makeUser({ role: 'admin', userRole: 'admin', menu: MENU, home: 'admin/home' })}>
      <BankRoutingScreen route={route} homeHref="/admin/home" />
    </SessionProvider>,
    { route: `/${route}`, locale },
  );
}

const calls = (fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).split('?')[0]!.endsWith(path) && ((init as RequestInit | undefined)?.method ?? 'GET') === method);
const bodyOf = (call: unknown[] | undefined) => JSON.parse((call![1] as RequestInit).body as string);

// Toasts live in a module-level store (at most 3 at once): each test starts without the last one's.
afterEach(() => appToaster.remove());

describe('bank routing screens (admin/deposits-banks, admin/withdraws-banks)', { timeout: 60_000 }, () => {
  it('shows the route of every method, the payment methods and the bank providers', async () => {
    mockFetch({ 'GET /admin/plugins': pluginsHandler, 'GET /admin/routes': ROUTES, 'GET /tenants': CLIENTS });
    renderScreen('admin/deposits-banks', 'pt-BR');
    const routes = await screen.findByRole('table', { name: 'Roteamento de provedores' });
    await within(routes).findByText('Transferência bancária');
    const row = (method: string) => routes.querySelector(`tr[data-route='${method}']`) as HTMLElement;
    expect(row('pix').textContent).toBe('PIXSandbox bankPadrão da plataformaAlterar');
    expect(row('wire').dataset.applies).toBe('builtin');
    expect(row('wire').textContent).toContain('Sem rota definida: o provedor padrão embutido');
    expect(within(row('wire')).getByRole('button', { name: 'Definir rota: Transferência bancária (Padrão da plataforma)' })).toHaveTextContent('Definir rota');

    const methods = screen.getByRole('table', { name: 'Meios de pagamento' });
    expect(methods.querySelector("tr[data-plugin='method:pix']")?.textContent).toContain('PIXpixBRLAtivo');
    const providers = screen.getByRole('table', { name: 'Provedores bancários' });
    const sandbox = providers.querySelector("tr[data-plugin='provider:sandbox_bank']") as HTMLElement;
    expect(sandbox.textContent).toContain('BoletoCartão de créditoPIXTransferência bancária'); // collects
    expect(sandbox.textContent).toContain('PIXTEDPIXAtivo'); // pays out, refunds
    expect(providers.querySelector("tr[data-plugin='provider:other_bank']")?.textContent).toContain('Desativado');
  });

  it('names the payment methods in the user\'s language, not by the plugin\'s one fixed name', async () => {
    mockFetch({ 'GET /admin/plugins': pluginsHandler, 'GET /admin/routes': ROUTES, 'GET /tenants': CLIENTS });
    renderScreen('admin/deposits-banks', 'en');
    const methods = await screen.findByRole('table', { name: 'Payment methods' });
    const name = (code: string) => methods.querySelector(`tr[data-plugin='method:${code}'] td`)?.textContent;
    await waitFor(() => expect(name('billet')).toBe('Billet')); // the plugin calls itself "Boleto"
    expect(name('wire')).toBe('Bank transfer');
    cleanup();

    renderScreen('admin/deposits-banks', 'pt-BR');
    const metodos = await screen.findByRole('table', { name: 'Meios de pagamento' });
    const nome = (code: string) => metodos.querySelector(`tr[data-plugin='method:${code}'] td`)?.textContent;
    await waitFor(() => expect(nome('wire')).toBe('Transferência bancária')); // the plugin calls itself "Bank transfer"
    expect(nome('billet')).toBe('Boleto');
    // a bank provider keeps its own name
    const providers = screen.getByRole('table', { name: 'Provedores bancários' });
    expect(providers.querySelector("tr[data-plugin='provider:sandbox_bank'] td")?.textContent).toContain('Sandbox bank');
  });

  it('warns about installed plugins refused for their plugin API version, and says nothing when there are none', async () => {
    const message = 'Plugin acme_old is built for plugin API 2.0, which is incompatible with this installation’s 1.0, and was not loaded.';
    mockFetch({
      'GET /admin/plugins': pluginsHandler,
      'GET /admin/routes': ROUTES,
      'GET /tenants': CLIENTS,
      'GET /admin/plugins/refused': [{ name: 'acme_old', distribution: 'cofre-acme-old', declared_version: '2.0', api_version: '1.0', reason: 'other_major', message }],
    });
    renderScreen();
    expect(await screen.findByText('Installed plugins that were not loaded')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    cleanup();

    mockFetch({ 'GET /admin/plugins': pluginsHandler, 'GET /admin/routes': ROUTES, 'GET /tenants': CLIENTS, 'GET /admin/plugins/refused': [] });
    renderScreen();
    await screen.findByRole('table', { name: 'Provider routing' });
    expect(screen.queryByText('Installed plugins that were not loaded')).toBeNull();
  });

  it('routes a method for the platform to an enabled provider that collects it', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /admin/plugins': pluginsHandler,
      'GET /admin/routes': ROUTES,
      'GET /tenants': CLIENTS,
      'PUT /admin/routes': (_url: string, init: RequestInit) => jsonResponse({ ...JSON.parse(init.body as string) }),
    });
    renderScreen();
    const routes = await screen.findByRole('table', { name: 'Provider routing' });
    await user.click(await within(routes).findByRole('button', { name: 'Change: PIX (Platform default)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Route PIX' });
    const select = within(dialog).getByRole('combobox', { name: /^Bank provider/ });
    // The disabled provider is not offered, though it collects PIX.
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a bank provider', 'Sandbox bank']);
    expect(select).toHaveValue('sandbox_bank');
    await user.click(within(dialog).getByRole('button', { name: 'Save route' }));
    await waitFor(() => expect(calls(fetchMock, 'PUT', '/api/admin/routes')).toHaveLength(1));
    expect(bodyOf(calls(fetchMock, 'PUT', '/api/admin/routes')[0])).toEqual({ tenant: null, method: 'pix', provider: 'sandbox_bank' });
    expect(await screen.findByText('Route saved')).toBeInTheDocument();
  });

  it('shows the server’s reason when a route is refused', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /admin/plugins': pluginsHandler,
      'GET /admin/routes': ROUTES,
      'GET /tenants': CLIENTS,
      'PUT /admin/routes': () => jsonResponse({ code: 'invalid_input', message: 'Please check the highlighted fields.', fields: { provider: 'provider_not_enabled' } }, 400),
    });
    renderScreen();
    const routes = await screen.findByRole('table', { name: 'Provider routing' });
    await user.click(await within(routes).findByRole('button', { name: 'Change: Billet (Platform default)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Route Billet' });
    await user.click(within(dialog).getByRole('button', { name: 'Save route' }));
    expect(await within(dialog).findByText('This bank provider is disabled')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please check the highlighted fields.');
  });

  it('shows a client its own routes and settings, and resets a route to the platform default', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /admin/plugins': pluginsHandler,
      'GET /admin/routes': ROUTES,
      'GET /tenants': CLIENTS,
      'DELETE /admin/routes/pix': () => new Response(null, { status: 204 }),
    });
    renderScreen();
    await screen.findByRole('table', { name: 'Provider routing' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Client' }), 'Acme Pagamentos');
    const routes = screen.getByRole('table', { name: 'Provider routing' });
    await waitFor(() => expect(routes.querySelector("tr[data-route='pix']")?.getAttribute('data-applies')).toBe('client'));
    expect(calls(fetchMock, 'GET', '/api/admin/plugins').some(([url]) => String(url).includes('tenant=acme'))).toBe(true);
    expect(routes.querySelector("tr[data-route='billet']")?.textContent).toContain('Platform default');
    const methods = screen.getByRole('table', { name: 'Payment methods' });
    await waitFor(() => expect(methods.querySelector("tr[data-plugin='method:pix']")?.textContent).toContain('As the platform'));
    // Providers are the platform's: no actions in a client's view.
    expect(screen.getByText('Bank providers are set up for the whole platform: choose “Platform default” to change them.')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Bank providers' })).queryByRole('button')).toBeNull();

    await user.click(within(routes).getByRole('button', { name: 'Reset to default: PIX (Acme Pagamentos)' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Reset to the platform default?' });
    expect(within(ask).getByText('New deposits of Acme Pagamentos by PIX will go to the platform default: Sandbox bank.')).toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'Reset to default' }));
    await waitFor(() => expect(calls(fetchMock, 'DELETE', '/api/admin/routes/pix')).toHaveLength(1));
    expect(String(calls(fetchMock, 'DELETE', '/api/admin/routes/pix')[0]![0])).toContain('?tenant=acme');
  });

  it('configures a provider from its schema: secrets are write-only and kept when left empty', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /admin/plugins': pluginsHandler,
      'GET /admin/routes': ROUTES,
      'GET /tenants': CLIENTS,
      'PUT /admin/plugins/provider/sandbox_bank': (_url: string, init: RequestInit) => {
        const body = JSON.parse(init.body as string);
        if (body.config.confirm_delay_seconds === 7) {
          return jsonResponse({ code: 'invalid_input', message: 'Please check the highlighted fields.', fields: { confirm_delay_seconds: 'below_minimum' } }, 400);
        }
        return jsonResponse(plugins()[3]);
      },
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Configure Sandbox bank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configure Sandbox bank' });
    const secret = within(dialog).getByLabelText(/^Webhook signing secret/);
    expect(secret).toHaveAttribute('type', 'password');
    expect(secret).toHaveValue('');
    expect(within(dialog).getByText('••• set')).toBeInTheDocument();
    const delay = within(dialog).getByRole('textbox', { name: /^Seconds before the bank reports an outcome/ });
    expect(delay).toHaveValue('3');
    const scenario = within(dialog).getByRole('combobox', { name: /^Scenario/ });
    expect(within(scenario).getAllByRole('option').map((o) => o.textContent)).toEqual(['Default: confirm', 'confirm', 'fail']);

    await user.clear(delay);
    await user.type(delay, 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    expect(await within(dialog).findByText('Type a whole number')).toBeInTheDocument();
    expect(calls(fetchMock, 'PUT', '/api/admin/plugins/provider/sandbox_bank')).toHaveLength(0);

    await user.clear(delay);
    await user.type(delay, '4000');
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    expect(await within(dialog).findByText('At most 3600')).toBeInTheDocument(); // the schema's maximum
    expect(calls(fetchMock, 'PUT', '/api/admin/plugins/provider/sandbox_bank')).toHaveLength(0);

    await user.clear(delay);
    await user.type(delay, '7'); // the (mocked) server refuses it: its code, said with the schema's limit
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    expect(await within(dialog).findByText('At least 0')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please check the highlighted fields.');

    await user.clear(delay);
    await user.type(delay, '5');
    await user.selectOptions(scenario, 'fail');
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(calls(fetchMock, 'PUT', '/api/admin/plugins/provider/sandbox_bank')).toHaveLength(2));
    expect(bodyOf(calls(fetchMock, 'PUT', '/api/admin/plugins/provider/sandbox_bank')[1])).toEqual({
      tenant: null,
      config: { confirm_delay_seconds: 5, default_scenario: 'fail' }, // no webhook_secret: the stored one is kept
    });
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
  });

  it('disables a payment method for a client after a confirmation', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /admin/plugins': pluginsHandler,
      'GET /admin/routes': ROUTES,
      'GET /tenants': CLIENTS,
      'PUT /admin/plugins/method/billet': () => jsonResponse(plugins('acme')[0]),
    });
    renderScreen();
    await screen.findByRole('table', { name: 'Payment methods' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Client' }), 'Acme Pagamentos');
    const methods = screen.getByRole('table', { name: 'Payment methods' });
    await user.click(await within(methods).findByRole('button', { name: 'Disable Billet' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Disable Billet?' });
    expect(within(ask).getByText('New deposits of Acme Pagamentos by Billet will be refused. Deposits already created carry on.')).toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(calls(fetchMock, 'PUT', '/api/admin/plugins/method/billet')).toHaveLength(1));
    expect(bodyOf(calls(fetchMock, 'PUT', '/api/admin/plugins/method/billet')[0])).toEqual({ tenant: 'acme', enabled: false });
    expect(await screen.findByText('Billet disabled')).toBeInTheDocument();
  });

  it('names the routes that use a provider before disabling it', async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /admin/plugins': pluginsHandler, 'GET /admin/routes': ROUTES, 'GET /tenants': CLIENTS });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Disable Sandbox bank' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Disable Sandbox bank?' });
    expect(within(ask).getByText(/New deposits and payouts routed to Sandbox bank will be refused/)).toBeInTheDocument();
    expect(within(ask).getByText('Routes that name it: PIX (Platform default), Billet (Platform default), and PIX (Acme Pagamentos).')).toBeInTheDocument();
  });

  it('lists on admin/withdraws-banks the providers that make payouts and what they pay out', async () => {
    mockFetch({ 'GET /admin/plugins': pluginsHandler, 'GET /admin/routes': ROUTES, 'GET /tenants': CLIENTS });
    renderScreen('admin/withdraws-banks', 'pt-BR');
    const table = await screen.findByRole('table', { name: 'Provedores bancários que fazem saques' });
    const sandbox = await within(table).findByText('Sandbox bank');
    expect(sandbox.closest('tr')?.textContent).toContain('Sandbox banksandbox_bankPIXTED');
    expect(within(table).queryByText('Other bank')).toBeNull(); // it makes no payouts
    expect(screen.getByText(/Um saque por PIX passa pelo provedor bancário que recebe PIX para o cliente/)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Roteamento de provedores' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Cliente' })).toBeNull(); // providers are the platform's
  });
});
