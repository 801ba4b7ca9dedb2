import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import type { Restriction } from '@/api/types';
import { appToaster } from '@/components/app-toaster';
import { SessionProvider } from '@/lib/auth/session';
import { jsonResponse, makeUser, mockFetch, renderWithProviders } from '@/testing/test-utils';

import RestrictionsScreen from './restrictions-screen';

const CLIENTS = [{ slug: 'acme', name: 'Acme Pagamentos', kind: 'client', status: 'active', host: 'acme.localhost', modules: [], feature_toggles: [], currencies: ['BRL'], created_at: '2026-01-01T00:00:00Z' }];
const item = (overrides: Partial<Restriction> = {}): Restriction => ({
  id: 'rst_1', kind: 'document', value: '52998224725', scope: 'platform', client: null, reason: 'Fraude', status: 'proposed',
  expires_at: null, proposed_by: { email: 'admin@demo.test' }, validated_by: null, validated_at: null, ended_by: null, ended_at: null,
  end_reason: '', created_at: '2026-11-27T10:00:00Z', ...overrides,
});

function renderScreen(route: string, role: 'admin' | 'employee') {
  document.cookie = 'csrftoken=t';
  renderWithProviders(
    <SessionProvider user={makeUser({ role, userRole: role, menu: [{ route, group: 'general', write: true }], home: route })}>
      <RestrictionsScreen route={route} homeHref={`/${route}`} />
    </SessionProvider>,
    { route: `/${route}`, locale: 'en' },
  );
}

const posts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST').map(([url, init]) => [String(url), JSON.parse(String((init as RequestInit).body ?? '{}'))]);

afterEach(() => appToaster.remove());

describe('restrictions screens', { timeout: 60_000 }, () => {
  it('checks the value per kind before proposing, then sends the normalised request', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ 'GET /restrictions': { items: [], next_cursor: null }, 'GET /tenants': CLIENTS, 'POST /restrictions': () => jsonResponse(item(), 201) });
    renderScreen('admin/restrictions', 'admin');
    await user.click(await screen.findByRole('button', { name: 'Propose restriction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Propose a restriction' });
    await user.type(within(dialog).getByRole('textbox', { name: /Value/ }), '123.456.789-00');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Fraude confirmada');
    await user.click(within(dialog).getByRole('button', { name: 'Propose' }));
    expect(await within(dialog).findByText('Enter a valid CPF or CNPJ')).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([]);

    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Scope/ }), 'client');
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: /Client/ }), 'acme');
    await user.clear(within(dialog).getByRole('textbox', { name: /Value/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Value/ }), '529.982.247-25');
    await user.click(within(dialog).getByRole('button', { name: 'Propose' }));
    expect(await screen.findByText('Restriction proposed: it waits for another staff member to validate it')).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([
      [expect.stringMatching(/\/restrictions$/), { kind: 'document', value: '529.982.247-25', scope: 'client', client: 'acme', reason: 'Fraude confirmada', expires_at: null }],
    ]);
  });

  it('shows the queue of proposals and the server’s refusal when the author validates their own', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /restrictions': { items: [item()], next_cursor: null },
      'GET /tenants': CLIENTS,
      'POST /restrictions/rst_1/validate': () =>
        jsonResponse({ code: 'restriction_self_validation', message: 'Whoever proposed the restriction cannot validate it: another staff member must.' }, 403),
    });
    renderScreen('employee/valid-restrictions', 'employee');
    expect(await screen.findByRole('table', { name: 'Restrictions waiting for validation' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Propose restriction' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Validate restriction rst_1' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Validate this restriction?' });
    expect(confirm).toHaveTextContent('deposits from and payouts to this party are refused (Whole platform)');
    await user.click(within(confirm).getByRole('button', { name: 'Validate' }));
    expect(await within(confirm).findByText('Whoever proposed the restriction cannot validate it: another staff member must.')).toBeInTheDocument();
    const listed = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/restrictions?'));
    expect(listed.every((url) => url.includes('status=proposed'))).toBe(true);
  });
});
