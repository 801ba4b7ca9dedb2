import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import type { CustomerAlert } from '@/api/types';
import { appToaster } from '@/components/app-toaster';
import { SessionProvider } from '@/lib/auth/session';
import { jsonResponse, makeUser, mockFetch, renderWithProviders } from '@/testing/test-utils';

import AlertsScreen from './alerts-screen';

const ALERT: CustomerAlert = {
  id: 'alr_1', client: { slug: 'acme', name: 'Acme Pagamentos' }, rule: 'burst', document: '39053344705', reference: 'dep_1',
  amount: 1000, currency: 'BRL', hits: 3, status: 'acknowledged', notes: [], created_at: '2026-11-27T10:00:00Z', updated_at: '2026-11-27T10:00:00Z',
};

afterEach(() => appToaster.remove());

describe('customer alerts (admin/customers-alert)', { timeout: 60_000 }, () => {
  it('resolves an alert only with a note, and says so in Portuguese', async () => {
    const user = userEvent.setup();
    document.cookie = 'csrftoken=t';
    const fetchMock = mockFetch({
      'GET /alerts': { items: [ALERT], next_cursor: null },
      'GET /tenants': [],
      'POST /alerts/alr_1/resolve': () => jsonResponse({ ...ALERT, status: 'resolved' }),
    });
    renderWithProviders(
      <SessionProvider user={makeUser({ role: 'admin', userRole: 'admin', menu: [{ route: 'admin/customers-alert', group: 'admin_home', write: true }], home: 'admin/home' })}>
        <AlertsScreen route="admin/customers-alert" homeHref="/admin/home" />
      </SessionProvider>,
      { route: '/admin/customers-alert', locale: 'pt-BR' },
    );
    const table = await screen.findByRole('table', { name: 'Alertas de clientes' });
    expect(await within(table).findByText('Muitos depósitos de um documento em pouco tempo')).toBeInTheDocument();
    expect(within(table).getByText('390.533.447-05')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Assumir alerta alr_1' })).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Resolver alerta alr_1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolver este alerta' });
    await user.click(within(dialog).getByRole('button', { name: 'Resolver' }));
    expect(await within(dialog).findByText('Diga o que foi apurado (pelo menos 3 caracteres)')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Nota/ }), 'Aluguel mensal');
    await user.click(within(dialog).getByRole('button', { name: 'Resolver' }));
    expect(await screen.findByText('Alerta resolvido')).toBeInTheDocument();
    const posted = fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');
    expect(posted.map(([url, init]) => [String(url), String((init as RequestInit).body)])).toEqual([[expect.stringMatching(/\/alerts\/alr_1\/resolve$/), '{"note":"Aluguel mensal"}']]);
  });
});
