import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { KycConsult } from '@/api/types';
import { SessionProvider } from '@/lib/auth/session';
import { makeUser, mockFetch, renderWithProviders } from '@/testing/test-utils';

import KycConsultScreen from './kyc-consult-screen';

const RESULT: KycConsult = {
  document: '52998224725',
  kind: 'cpf',
  first_seen_at: '2026-10-01T12:00:00Z',
  last_seen_at: '2026-11-20T12:00:00Z',
  clients: [{ client: { slug: 'acme', name: 'Acme Pagamentos' }, figures: [{ kind: 'deposit', currency: 'BRL', count: 4, settled: 250_000 }], first_seen_at: '2026-10-01T12:00:00Z', last_seen_at: '2026-11-20T12:00:00Z' }],
  restrictions: [{ id: 'rst_1', scope: 'platform', reason: 'Fraude confirmada', expires_at: null, client: null, created_at: '2026-11-01T12:00:00Z' }],
  alerts: [],
};
const USER = makeUser({ role: 'admin', menu: [{ route: 'client/kyc-consult', group: 'admin_config' }] });

describe('KYC look-up (client/kyc-consult)', { timeout: 60_000 }, () => {
  it('refuses a CPF with wrong check digits on the form, then shows what the platform knows', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ 'GET /kyc/consult/52998224725': RESULT });
    renderWithProviders(
      <SessionProvider user={USER}>
        <KycConsultScreen route="client/kyc-consult" homeHref="/admin/home" />
      </SessionProvider>,
      { route: '/client/kyc-consult', locale: 'pt-BR' },
    );
    const field = await screen.findByRole('textbox', { name: 'CPF ou CNPJ' });
    await user.type(field, '529.982.247-26');
    await user.click(screen.getByRole('button', { name: 'Consultar' }));
    expect(await screen.findByText('CPF inválido: confira os dígitos')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/kyc/'))).toBe(false);
    await user.clear(field);
    await user.type(field, '529.982.247-25');
    await user.click(screen.getByRole('button', { name: 'Consultar' }));
    const clients = await screen.findByRole('table', { name: 'Onde o documento aparece' });
    const row = within(clients).getByText('Acme Pagamentos').closest('tr') as HTMLElement;
    expect(within(row).getByText(/4 · R\$\s2\.500,00/)).toBeInTheDocument();
    expect(screen.getByText('Fraude confirmada')).toBeInTheDocument();
    expect(screen.getByText('Nenhum alerta aberto')).toBeInTheDocument();
  });
});
