import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import type { CompanySettings } from '@/api/types';
import { appToaster } from '@/components/app-toaster';
import { SessionProvider } from '@/lib/auth/session';
import { jsonResponse, makeUser, mockFetch, renderWithProviders } from '@/testing/test-utils';

import CompanySettingsScreen from './company-settings-screen';

const SETTINGS: CompanySettings = {
  legal_name: 'Acme Pagamentos Ltda', trade_name: 'Acme', cnpj: '11222333000181', phone: '1134567890',
  street: 'Avenida Paulista', number: '1000', complement: '', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP', zipcode: '01310100',
  notification_emails: ['financeiro@acme.example.com'], payout_approval_threshold: null, threshold_currency: 'BRL',
  platform_payout_limit: 100_000, logo_url: null, updated_at: null,
};

function renderScreen(canWrite = true) {
  document.cookie = 'csrftoken=t';
  renderWithProviders(
    <SessionProvider user={makeUser({ role: 'client', userRole: 'client', can_write: canWrite, menu: [{ route: 'clients/config', group: 'general' }], home: 'clients/home' })}>
      <CompanySettingsScreen route="clients/config" homeHref="/clients/home" />
    </SessionProvider>,
    { route: '/clients/config', locale: 'pt-BR' },
  );
}

afterEach(() => appToaster.remove());

describe('clients/config', { timeout: 60_000 }, () => {
  it('shows the profile with the CNPJ punctuated and read-only', async () => {
    mockFetch({ 'GET /company/settings': SETTINGS });
    renderScreen();
    expect(await screen.findByTestId('value-cnpj')).toHaveTextContent('11.222.333/0001-81');
    expect(screen.getByTestId('value-address')).toHaveTextContent('Avenida Paulista, 1000 - Bela Vista - São Paulo/SP - 01310-100');
    expect(screen.getByTestId('value-threshold')).toHaveTextContent('Nenhum: só a regra da plataforma');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Editar perfil' }));
    expect(within(await screen.findByRole('dialog', { name: 'Editar perfil' })).getByLabelText('CNPJ')).toBeDisabled();
  });

  it('sends only the profile fields that changed', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ 'GET /company/settings': SETTINGS, 'PATCH /company/settings': (_: string, init: RequestInit) => jsonResponse({ ...SETTINGS, ...JSON.parse(init.body as string) }) });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Editar perfil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar perfil' });
    await user.clear(within(dialog).getByLabelText('Cidade'));
    await user.type(within(dialog).getByLabelText('Cidade'), 'Campinas');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.getByTestId('value-address')).toHaveTextContent('Campinas/SP'));
    const patch = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'PATCH');
    expect(JSON.parse((patch![1] as RequestInit).body as string)).toEqual({ city: 'Campinas' });
  });

  it("puts the server's message on the threshold field when it passes the platform's limit", async () => {
    const user = userEvent.setup();
    const message = 'O limite de aprovação não pode passar do maior saque permitido pela plataforma (R$ 1.000,00).';
    mockFetch({
      'GET /company/settings': SETTINGS,
      'PATCH /company/settings': () => jsonResponse({ code: 'threshold_above_platform_limit', message, fields: { payout_approval_threshold: 'threshold_above_platform_limit' } }, 422),
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Alterar limite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alterar limite' });
    await user.type(within(dialog).getByLabelText('Limite de aprovação'), '2000,00');
    await user.click(within(dialog).getByRole('button', { name: 'Revisar' }));
    const review = await screen.findByRole('alertdialog', { name: 'Alterar o limite de aprovação?' });
    await user.click(within(review).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('offers no change to a read-only user', async () => {
    mockFetch({ 'GET /company/settings': SETTINGS });
    renderScreen(false);
    await screen.findByTestId('value-cnpj');
    expect(screen.queryByRole('button', { name: 'Editar perfil' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enviar logotipo' })).toBeNull();
  });
});
