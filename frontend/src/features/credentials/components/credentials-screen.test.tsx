import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { ApiKey } from '@/api/types';
import type { Locale } from '@/i18n/locales';
import { SessionProvider } from '@/lib/auth/session';
import { jsonResponse, makeUser, mockFetch, renderWithProviders } from '@/testing/test-utils';

import CredentialsScreen from './credentials-screen';

const MENU = [{ route: 'client/credentials', group: 'general' }];
const TOKEN = `cofre_a1b2c3d4e5f6_${'9'.repeat(64)}`;

function makeKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: 'a1b2c3d4e5f6',
    name: 'ERP integration',
    prefix: 'cofre_a1b2c3d4e5f6',
    status: 'active',
    created_at: '2026-01-10T12:00:00Z',
    created_by: 'client@demo.test',
    last_used_at: null,
    expires_at: null,
    revoked_at: null,
    scope: 'full',
    allowed_ips: [],
    rotated_at: null,
    previous_secret_expires_at: null,
    ...overrides,
  };
}

function renderScreen({ role = 'client', locale = 'en' as Locale } = {}) {
  document.cookie = 'csrftoken=t';
  renderWithProviders(
    <SessionProvider user={makeUser({ role, userRole: role, can_write: role !== 'client_user_analyst', menu: MENU })}>
      <CredentialsScreen route="client/credentials" homeHref="/clients/home" />
    </SessionProvider>,
    { route: '/client/credentials', locale },
  );
}

const calls = (fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).split('?')[0]!.endsWith(path) && ((init as RequestInit | undefined)?.method ?? 'GET') === method);

describe('credentials screen (client/credentials)', { timeout: 60_000 }, () => {
  it('lists the keys with their prefix, status and dates, and never a secret', async () => {
    mockFetch({
      'GET /credentials/keys': [
        makeKey({ last_used_at: '2026-01-11T09:30:00Z' }),
        makeKey({ id: 'ffffffffffff', prefix: 'cofre_ffffffffffff', name: 'Old shop', status: 'revoked', revoked_at: '2026-01-12T00:00:00Z', expires_at: '2026-02-01T00:00:00Z', scope: 'read_only', allowed_ips: ['203.0.113.0/24', '10.0.0.1/32'] }),
      ],
    });
    renderScreen();
    const table = await screen.findByRole('table', { name: 'API keys' });
    await within(table).findByText('ERP integration');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Prefix', 'Status', 'Access', 'Allowed IPs', 'Created', 'Last used', 'Expires', 'Actions']);
    expect(within(rows[1]!).getByText('Full access')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Any')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Read only')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('203.0.113.0/24, 10.0.0.1/32')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('cofre_a1b2c3d4e5f6_…')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Active')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('by client@demo.test')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Never')).toBeInTheDocument(); // no expiry
    expect(within(rows[1]!).getByRole('button', { name: 'Revoke key ERP integration' })).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Revoked')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Rotate key ERP integration' })).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button')).toBeNull(); // a revoked key can be neither revoked nor rotated
    expect(screen.getByRole('button', { name: 'Create key' })).toBeInTheDocument();
  });

  it('shows the empty state, in Portuguese too', async () => {
    mockFetch({ 'GET /credentials/keys': [] });
    renderScreen({ locale: 'pt-BR' });
    expect(await screen.findByText('Nenhuma chave de API ainda')).toBeInTheDocument();
    expect(screen.getByText('Crie uma chave para conectar seus sistemas à API do Cofre.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Criar chave' })).toBeInTheDocument();
  });

  it('hides every write action from a read-only role', async () => {
    mockFetch({ 'GET /credentials/keys': [makeKey()] });
    renderScreen({ role: 'client_user_analyst' });
    const table = await screen.findByRole('table', { name: 'API keys' });
    await within(table).findByText('ERP integration');
    expect(screen.queryByRole('button', { name: 'Create key' })).toBeNull();
    expect(within(table).queryByRole('button')).toBeNull();
    expect(within(table).queryByText('Actions')).toBeNull();
  });

  it('creates a key and shows its token once, behind a warning', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /credentials/keys': [],
      'POST /credentials/keys': () => jsonResponse({ ...makeKey(), token: TOKEN }, 201),
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Create key' }));
    const form = await screen.findByRole('dialog', { name: 'Create API key' });
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await within(form).findByText('Required')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/api/credentials/keys')).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'ERP integration');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Expiry' }), 'In 90 days');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Access' }), 'Read only');
    const ips = within(form).getByRole('textbox', { name: /^Allowed IPs/ });
    await user.type(ips, '203.0.113.0/24, nope');
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await within(form).findByText('Use IP addresses or CIDR ranges, e.g. 203.0.113.0/24')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/api/credentials/keys')).toHaveLength(0);
    await user.clear(ips);
    await user.type(ips, '203.0.113.0/24, 10.0.0.1');
    await user.click(within(form).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('alertdialog', { name: 'Your new API key' });
    const [call] = calls(fetchMock, 'POST', '/api/credentials/keys');
    const body = JSON.parse((call![1] as RequestInit).body as string);
    expect(body.name).toBe('ERP integration');
    expect(body.scope).toBe('read_only');
    expect(body.allowed_ips).toEqual(['203.0.113.0/24', '10.0.0.1']);
    const days = (Date.parse(body.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThan(90.1);
    expect(within(shown).getByText(/it will not be shown again/)).toBeInTheDocument();
    expect(within(shown).getByRole('textbox', { name: 'API key “ERP integration”' })).toHaveValue(TOKEN);
    expect(within(shown).getByRole('button', { name: 'Copy' })).toBeInTheDocument();

    await user.keyboard('{Escape}'); // the token stays until the explicit button
    expect(screen.getByRole('alertdialog', { name: 'Your new API key' })).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'I have copied the key' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: 'Your new API key' })).toBeNull());
    expect(screen.queryByDisplayValue(TOKEN)).toBeNull();
  });

  it('shows the server’s reason when a key cannot be created', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /credentials/keys': [],
      'POST /credentials/keys': () => jsonResponse({ code: 'api_key_expiry_past', message: 'The expiry date must be in the future.' }, 400),
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Create key' }));
    const form = await screen.findByRole('dialog', { name: 'Create API key' });
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'ERP');
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('The key could not be created');
    expect(alert).toHaveTextContent('The expiry date must be in the future.');
  });

  it('revokes a key after confirmation', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /credentials/keys': [makeKey()],
      'POST /credentials/keys/a1b2c3d4e5f6/revoke': () => jsonResponse(makeKey({ status: 'revoked', revoked_at: '2026-01-12T00:00:00Z' })),
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Revoke key ERP integration' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke this API key?' });
    expect(within(confirm).getByText(/Systems using “ERP integration” \(cofre_a1b2c3d4e5f6_…\) will stop working at once/)).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/api/credentials/keys/a1b2c3d4e5f6/revoke')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/api/credentials/keys/a1b2c3d4e5f6/revoke')).toHaveLength(1));
    expect(await screen.findByText('API key revoked')).toBeInTheDocument();
  });

  it('rotates a key after confirmation: the overlap chosen is sent, the new token shown once with the old one’s end', async () => {
    const user = userEvent.setup();
    const until = '2026-01-19T12:00:00Z';
    const NEW_TOKEN = `cofre_a1b2c3d4e5f6_${'8'.repeat(64)}`;
    const fetchMock = mockFetch({
      'GET /credentials/keys': [makeKey()],
      'POST /credentials/keys/a1b2c3d4e5f6/rotate': () =>
        jsonResponse({ ...makeKey({ rotated_at: '2026-01-12T12:00:00Z', previous_secret_expires_at: until }), token: NEW_TOKEN }),
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Rotate key ERP integration' }));
    const form = await screen.findByRole('dialog', { name: 'Rotate API key “ERP integration”' });
    expect(within(form).getByRole('combobox', { name: 'Current secret' })).toHaveValue('24');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Current secret' }), 'Keeps working for 7 days');
    await user.click(within(form).getByRole('button', { name: 'Continue' }));

    // The confirmation says what will happen; nothing is sent before it.
    const review = await screen.findByRole('alertdialog', { name: 'Rotate this API key?' });
    expect(within(review).getByText('ERP integration (cofre_a1b2c3d4e5f6_…)')).toBeInTheDocument();
    expect(within(review).getAllByText('Keeps working for 7 days').filter((node) => node.tagName !== 'OPTION')).toHaveLength(1);
    expect(calls(fetchMock, 'POST', '/api/credentials/keys/a1b2c3d4e5f6/rotate')).toHaveLength(0);
    await user.click(within(review).getByRole('button', { name: 'Rotate key' }));

    const shown = await screen.findByRole('alertdialog', { name: 'Your rotated API key' });
    const [call] = calls(fetchMock, 'POST', '/api/credentials/keys/a1b2c3d4e5f6/rotate');
    expect(JSON.parse((call![1] as RequestInit).body as string)).toEqual({ overlap_hours: 168 });
    expect(within(shown).getByRole('textbox', { name: 'API key “ERP integration”' })).toHaveValue(NEW_TOKEN);
    expect(within(shown).getByText(/The previous secret keeps working until 1\/19\/26/)).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'I have copied the key' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: 'Your rotated API key' })).toBeNull());
    expect(screen.queryByDisplayValue(NEW_TOKEN)).toBeNull();
  });

  it('shows a rotated key’s overlap in the list and the server’s reason when rotation fails, in Portuguese', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /credentials/keys': [makeKey({ previous_secret_expires_at: '2026-01-13T12:00:00Z' })],
      'POST /credentials/keys/a1b2c3d4e5f6/rotate': () =>
        jsonResponse({ code: 'api_key_not_active', message: 'Só é possível rotacionar uma chave ativa (esta está revogada ou expirada).' }, 409),
    });
    renderScreen({ locale: 'pt-BR' });
    const table = await screen.findByRole('table');
    expect(await within(table).findByText(/Segredo anterior vale até/)).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Rotacionar chave ERP integration' }));
    const form = await screen.findByRole('dialog');
    await user.click(within(form).getByRole('button', { name: 'Continuar' }));
    const review = await screen.findByRole('alertdialog', { name: 'Rotacionar esta chave de API?' });
    await user.click(within(review).getByRole('button', { name: 'Rotacionar chave' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('A chave não pôde ser rotacionada');
    expect(alert).toHaveTextContent('Só é possível rotacionar uma chave ativa');
  });
});
