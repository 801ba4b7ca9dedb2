import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { DirectDeposit, PixKey } from '@/api/types';
import { SessionProvider } from '@/lib/auth/session';
import { jsonResponse, makeUser, mockFetch, renderWithProviders } from '@/testing/test-utils';

import DirectDepositsScreen from './direct-deposits-screen';

const ROUTE = 'clients/direct_deposits';
const KEY: PixKey = { id: 'pxk_1', key_type: 'email', key: 'pix@acme.test', provider: 'sandbox_bank', created_at: '2026-11-20T12:00:00Z' };
const DEPOSIT: DirectDeposit = {
  id: 'dep_1', status: 'confirmed', amount: 123_45, fee: 1_22, currency: 'BRL', payer_name: 'Helena Dias', payer_document: '52998224725',
  key: 'pix@acme.test', end_to_end_id: 'E9999999920261128120000000000001', created_at: '2026-11-28T12:00:00Z', settle_on: '2026-11-30',
};

function render(canWrite = true) {
  renderWithProviders(
    <SessionProvider user={makeUser({ can_write: canWrite, menu: [{ route: ROUTE, group: 'customer', write: canWrite }], home: ROUTE })}>
      <DirectDepositsScreen route={ROUTE} homeHref={`/${ROUTE}`} />
    </SessionProvider>,
    { route: `/${ROUTE}`, locale: 'pt-BR' },
  );
}

describe('direct deposits (clients/direct_deposits)', { timeout: 60_000 }, () => {
  it('lists the keys and the money received on them, in reais', async () => {
    mockFetch({ 'GET /pix-keys': { items: [KEY], limit: 20 }, 'GET /direct-deposits': { items: [DEPOSIT], next_cursor: null } });
    render();
    const keys = await screen.findByRole('region', { name: 'Chaves PIX' });
    expect(await within(keys).findByText('pix@acme.test')).toBeInTheDocument();
    expect(keys).toHaveTextContent('1 de 20 chaves');
    const table = await screen.findByRole('table', { name: 'Depósitos na chave' });
    const row = (await within(table).findByText(/Helena Dias/)).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('R$ 123,45');
    expect(row).toHaveTextContent('R$ 1,22');
    expect(row).toHaveTextContent('529.982.247-25');
    expect(row).toHaveTextContent('Recebido (a liquidar)');
  });

  it('shows the server’s reason on the key field, then adds the key', async () => {
    const sent: unknown[] = [];
    mockFetch({
      'GET /pix-keys': { items: [], limit: 20 },
      'GET /direct-deposits': { items: [], next_cursor: null },
      'POST /pix-keys': (_url: string, init: RequestInit) => {
        sent.push(JSON.parse(String(init.body)));
        return sent.length === 1
          ? jsonResponse({ code: 'invalid_input', message: 'Verifique os campos destacados.', fields: { key: 'pix_key_checksum' } }, 400)
          : jsonResponse(KEY, 201);
      },
    });
    const user = userEvent.setup();
    render();
    const keys = await screen.findByRole('region', { name: 'Chaves PIX' });
    expect(await within(keys).findByText(/Nenhuma chave PIX ainda/)).toBeInTheDocument();
    await user.click(within(keys).getByRole('button', { name: 'Cadastrar chave PIX' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cadastrar chave PIX' });
    await user.selectOptions(within(dialog).getByLabelText(/Tipo de chave/), 'cpf');
    await user.type(within(dialog).getByLabelText(/^Chave/), '529.982.247-24');
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar chave' }));
    expect(await within(dialog).findByText('Os dígitos verificadores não conferem: confira o número.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/^Chave/));
    await user.type(within(dialog).getByLabelText(/^Chave/), '529.982.247-25');
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar chave' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cadastrar chave PIX' })).not.toBeInTheDocument());
    expect(sent).toEqual([{ key_type: 'cpf', key: '529.982.247-24' }, { key_type: 'cpf', key: '529.982.247-25' }]);
  });

  it('asks before removing a key, saying which', async () => {
    let removed = '';
    mockFetch({
      'GET /pix-keys': { items: [KEY], limit: 20 },
      'GET /direct-deposits': { items: [], next_cursor: null },
      'DELETE /pix-keys/pxk_1': (url: string) => {
        removed = url;
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    render();
    const keys = await screen.findByRole('region', { name: 'Chaves PIX' });
    await user.click(await within(keys).findByRole('button', { name: 'Remover a chave pix@acme.test' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remover esta chave PIX?' });
    expect(confirm).toHaveTextContent('E-mail · pix@acme.test');
    expect(removed).toBe('');
    await user.click(within(confirm).getByRole('button', { name: 'Remover chave' }));
    await waitFor(() => expect(removed).toContain('/pix-keys/pxk_1'));
  });

  it('hides adding and removing from a read-only member', async () => {
    mockFetch({ 'GET /pix-keys': { items: [KEY], limit: 20 }, 'GET /direct-deposits': { items: [], next_cursor: null } });
    render(false);
    const keys = await screen.findByRole('region', { name: 'Chaves PIX' });
    expect(await within(keys).findByText('pix@acme.test')).toBeInTheDocument();
    expect(within(keys).queryByRole('button', { name: 'Cadastrar chave PIX' })).not.toBeInTheDocument();
    expect(within(keys).queryByRole('button', { name: /Remover a chave/ })).not.toBeInTheDocument();
  });
});
