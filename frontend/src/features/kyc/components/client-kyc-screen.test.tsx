import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { KycFile } from '@/api/types';
import { SessionProvider } from '@/lib/auth/session';
import { makeUser, mockFetch, renderWithProviders } from '@/testing/test-utils';

import ClientKycScreen from './client-kyc-screen';

function kycFile(overrides: Partial<KycFile> = {}): KycFile {
  return {
    client: { slug: 'acme', name: 'Acme' }, status: 'draft', expiring: false, legal_name: '', trade_name: '', cnpj: '',
    people: [], documents: [], rejection_reason: '', reopen_reason: '', submitted_at: null, decided_at: null, decided_by: null,
    review_due_on: null, changed_at: new Date().toISOString(), editable: true, payouts_blocked: false, ...overrides,
  };
}

function renderScreen(write = true) {
  renderWithProviders(
    <SessionProvider user={makeUser({ role: 'client', menu: [{ route: 'client/kyc', group: 'client_reports', write }], home: 'client/kyc' })}>
      <ClientKycScreen route="client/kyc" homeHref="/client/kyc" />
    </SessionProvider>,
    { route: '/client/kyc', locale: 'pt-BR' },
  );
}

describe('the client’s KYC file (client/kyc)', { timeout: 60_000 }, () => {
  it('shows a rejected file’s reason and that payouts wait for approval', async () => {
    mockFetch({ 'GET /kyc': kycFile({ status: 'rejected', rejection_reason: 'Comprovante ilegível', payouts_blocked: true }) });
    renderScreen();
    const status = await screen.findByTestId('kyc-status');
    expect(status).toHaveTextContent('Rejeitado');
    expect(within(status).getByTestId('kyc-rejection')).toHaveTextContent('Motivo: Comprovante ilegível.');
    expect(within(status).getByTestId('kyc-blocked')).toHaveTextContent('Saques são recusados até que o seu cadastro KYC seja aprovado.');
    expect(screen.getByRole('button', { name: 'Enviar para análise' })).toBeEnabled();
  });

  it('refuses a wrong CNPJ on its field before any call, and locks a submitted file', async () => {
    const fetchMock = mockFetch({ 'GET /kyc': kycFile() });
    renderScreen();
    const cnpj = await screen.findByLabelText('CNPJ');
    await userEvent.type(cnpj, '11.222.333/0001-80');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar rascunho' }));
    expect(await screen.findByText('CNPJ inválido')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')).toBe(false);
  });

  it('offers no change on a file waiting for review', async () => {
    mockFetch({ 'GET /kyc': kycFile({ status: 'pending', editable: false, submitted_at: new Date().toISOString(), legal_name: 'Acme Ltda' }) });
    renderScreen();
    expect(await screen.findByTestId('kyc-status')).toHaveTextContent('Aguardando análise');
    expect(screen.getByLabelText('Razão social')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Enviar para análise' })).toBeNull();
  });
});
