import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Locale } from '@/i18n/locales';
import { jsonResponse, mockFetch, renderWithProviders } from '@/testing/test-utils';

import { addDaysIso, todayIso } from '../lib/display';
import { makeDeposit, pathOf } from '../testing/fixtures';
import { GenerateDepositDialog } from './generate-deposit-dialog';
import { AppToaster as DepositsToaster, appToaster as depositsToaster } from '@/components/app-toaster';

// The toaster keeps at most three toasts and outlives a test: start each test without any.
afterEach(() => depositsToaster.remove());

function renderDialog(method: 'billet' | 'pix', locale: Locale = 'en') {
  document.cookie = 'csrftoken=t';
  const onClose = vi.fn();
  renderWithProviders(
    <>
      <GenerateDepositDialog method={method} onClose={onClose} />
      <DepositsToaster />
    </>,
    { locale },
  );
  return { onClose };
}

const posted = (fetchMock: ReturnType<typeof mockFetch>) => {
  const call = fetchMock.mock.calls.find((c) => pathOf(c) === '/api/deposits' && (c[1] as RequestInit).method === 'POST');
  return call ? JSON.parse((call[1] as RequestInit).body as string) : undefined;
};

async function fillBillet(user: ReturnType<typeof userEvent.setup>, labels: Record<string, string>, values: Record<string, string>) {
  for (const [key, value] of Object.entries(values)) {
    const field = screen.getByRole(key === 'state' ? 'combobox' : 'textbox', { name: new RegExp(`^${labels[key]}`) });
    if (key === 'state') {
      await user.selectOptions(field, value);
    } else {
      // Pasting is one input event: typing every character of a dozen fields is slow on a busy CI.
      await user.click(field);
      await user.paste(value);
    }
  }
}

const EN = { amount: 'Amount', name: 'Name', document: 'CPF or CNPJ', email: 'E-mail', zipcode: 'Zipcode', street: 'Street', number: 'Number', neighborhood: 'Neighborhood', city: 'City', state: 'State' };
const PT = { amount: 'Valor', name: 'Nome', document: 'CPF ou CNPJ', email: 'E-mail', zipcode: 'CEP', street: 'Rua', number: 'Número', neighborhood: 'Bairro', city: 'Cidade', state: 'Estado' };
const ADDRESS = { zipcode: '01310100', street: 'Av. Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' };

// Dialogs with a dozen fields: a generous timeout for a busy CI machine.
describe('generate single billet', { timeout: 60_000 }, () => {
  it('sends the amount typed in pt-BR as integer centavos and shows the typed line', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ 'POST /deposits': () => jsonResponse(makeDeposit({ status: 'waiting', provider_reference: '' }), 201) });
    renderDialog('billet', 'pt-BR');
    const dialog = await screen.findByRole('dialog', { name: 'Gerar boleto avulso' });
    await fillBillet(user, PT, { amount: '1.234,56', name: 'Maria Silva', document: '390.533.447-05', ...ADDRESS });
    expect(within(dialog).getByRole('textbox', { name: /^CEP/ })).toHaveValue('01310-100');
    await user.click(within(dialog).getByRole('button', { name: 'Gerar boleto' }));

    expect(await screen.findByRole('dialog', { name: 'Boleto Gerado' })).toBeInTheDocument();
    const body = posted(fetchMock);
    expect(body).toEqual({
      method: 'billet',
      amount: 123456,
      currency: 'BRL',
      due_date: addDaysIso(todayIso(), 3),
      payer: {
        name: 'Maria Silva',
        document: '39053344705',
        email: '',
        street: 'Av. Paulista',
        number: '1000',
        complement: '',
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
        zipcode: '01310100',
      },
    });
    expect(Number.isInteger(body.amount)).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Linha digitável' })).toHaveValue('23790.12345 60000.123456 78901.234567 1 23450000123456');
    expect(screen.getByRole('button', { name: 'Copiar linha digitável' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir boleto para impressão' })).toHaveAttribute('href', '/api/deposits/dep_00000000000000000001/document');
  });

  it('checks the document before sending, including the alphanumeric CNPJ', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ 'POST /deposits': () => jsonResponse(makeDeposit(), 201) });
    renderDialog('billet');
    await screen.findByRole('dialog', { name: 'Generate single billet' });
    await fillBillet(user, EN, { amount: '10', name: 'Acme Ltda', document: '12.ABC.345/01DE-36', ...ADDRESS });
    await user.click(screen.getByRole('button', { name: 'Generate billet' }));
    expect(await screen.findByText('Invalid CNPJ: check the characters')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^CPF or CNPJ/ })).toHaveFocus();
    expect(posted(fetchMock)).toBeUndefined();

    await user.clear(screen.getByRole('textbox', { name: /^CPF or CNPJ/ }));
    await user.type(screen.getByRole('textbox', { name: /^CPF or CNPJ/ }), '12.abc.345/01de-35');
    await user.click(screen.getByRole('button', { name: 'Generate billet' }));
    expect(await screen.findByRole('dialog', { name: 'Billet Generated' })).toBeInTheDocument();
    expect(posted(fetchMock)).toMatchObject({ amount: 1000, payer: { document: '12ABC34501DE35' } });
  });

  it('shows the server field errors on their fields and the billet error toast', async () => {
    const user = userEvent.setup();
    mockFetch({
      'POST /deposits': () =>
        jsonResponse(
          { code: 'invalid_input', message: 'Invalid input', fields: { 'payer.zipcode': 'invalid_zipcode', due_date: 'due_date_too_far', method: 'method_not_enabled' } },
          400,
        ),
    });
    renderDialog('billet');
    await screen.findByRole('dialog', { name: 'Generate single billet' });
    await fillBillet(user, EN, { amount: '1,234.56', name: 'Maria Silva', document: '39053344705', ...ADDRESS });
    await user.click(screen.getByRole('button', { name: 'Generate billet' }));

    expect(await screen.findByText('Invalid zipcode: 8 digits, such as 01310-100')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Zipcode/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('The due date is too far in the future')).toBeInTheDocument();
    // The form's own alert (the error toast is an alert too).
    expect(within(screen.getByRole('dialog', { name: 'Generate single billet' })).getByRole('alert')).toHaveTextContent('This payment method is not enabled for your account');
    expect(await screen.findByText('Problems to generate the billet')).toBeInTheDocument();
    expect(screen.getByText('Check the highlighted fields')).toBeInTheDocument();
    // still the form: nothing was generated
    expect(screen.getByRole('dialog', { name: 'Generate single billet' })).toBeInTheDocument();
  });

  it('shows "currency not accepted" on the currency field when the method does not take it', async () => {
    const user = userEvent.setup();
    mockFetch({
      'POST /deposits': () =>
        jsonResponse({ code: 'currency_not_accepted', message: 'This payment method does not accept USD.', fields: { currency: 'currency_not_accepted' } }, 400),
    });
    renderDialog('billet');
    await screen.findByRole('dialog', { name: 'Generate single billet' });
    await user.selectOptions(screen.getByRole('combobox', { name: /^Currency/ }), 'USD');
    await fillBillet(user, EN, { amount: '10.00', name: 'Maria Silva', document: '39053344705', ...ADDRESS });
    await user.click(screen.getByRole('button', { name: 'Generate billet' }));

    expect(await screen.findByText('This payment method does not accept this currency')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Currency/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('This payment method is not enabled for your account')).not.toBeInTheDocument();
  });

  it('says "Problems to generate the billet" when the server fails', async () => {
    const user = userEvent.setup();
    mockFetch({ 'POST /deposits': () => jsonResponse({ code: 'internal_error', message: 'oops' }, 500) });
    renderDialog('billet', 'pt-BR');
    await screen.findByRole('dialog', { name: 'Gerar boleto avulso' });
    await fillBillet(user, PT, { amount: '99,90', name: 'Maria Silva', document: '39053344705', ...ADDRESS });
    await user.click(screen.getByRole('button', { name: 'Gerar boleto' }));
    expect(await screen.findByText('Problemas ao gerar o boleto')).toBeInTheDocument();
    expect(screen.getByText('Por favor, tente novamente mais tarde')).toBeInTheDocument();
  });

  it('disables the submit button while the request is pending', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = mockFetch({ 'POST /deposits': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderDialog('billet');
    await screen.findByRole('dialog', { name: 'Generate single billet' });
    await fillBillet(user, EN, { amount: '5', name: 'Maria Silva', document: '39053344705', ...ADDRESS });
    const submit = screen.getByRole('button', { name: 'Generate billet' });
    await user.click(submit);
    await waitFor(() => expect(submit).toBeDisabled());
    await user.click(submit);
    expect(fetchMock.mock.calls.filter((c) => (c[1] as RequestInit).method === 'POST')).toHaveLength(1);
    answer(jsonResponse(makeDeposit(), 201));
    expect(await screen.findByRole('dialog', { name: 'Billet Generated' })).toBeInTheDocument();
  });

  it('asks before closing a form with typed data', async () => {
    const user = userEvent.setup();
    mockFetch({});
    const { onClose } = renderDialog('billet');
    await screen.findByRole('dialog', { name: 'Generate single billet' });
    // untouched: closes at once
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Maria');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Discard this form?' });
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Maria');

    await user.keyboard('{Escape}');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes an untouched form without asking', async () => {
    const user = userEvent.setup();
    mockFetch({});
    const { onClose } = renderDialog('pix');
    await screen.findByRole('dialog', { name: 'Generate single PIX' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('generate single PIX', { timeout: 60_000 }, () => {
  it('sends centavos and the expiry, then shows the BR Code and its QR code', async () => {
    const user = userEvent.setup();
    const brcode = '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865406100.005802BR5913Acme6009SAO PAULO62070503***6304ABCD';
    const fetchMock = mockFetch({
      'POST /deposits': () =>
        jsonResponse(makeDeposit({ id: 'dep_pix', method: 'pix', status: 'waiting', amount: 10000, due_date: null, typed_line: null, barcode: null, brcode, txid: 'TX1', expires_at: '2026-03-10T16:00:00Z' }), 201),
    });
    renderDialog('pix');
    await screen.findByRole('dialog', { name: 'Generate single PIX' });
    await user.type(screen.getByRole('textbox', { name: /^Amount/ }), '100');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Expires in/ }), '86400');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Acme Ltda');
    await user.type(screen.getByRole('textbox', { name: /^CPF or CNPJ/ }), '12ABC34501DE35');
    await user.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'pay@acme.test');
    await user.click(screen.getByRole('button', { name: 'Generate PIX' }));

    expect(await screen.findByRole('dialog', { name: 'PIX Created' })).toBeInTheDocument();
    expect(posted(fetchMock)).toEqual({
      method: 'pix',
      amount: 10000,
      currency: 'BRL',
      expires_in_seconds: 86400,
      payer: { name: 'Acme Ltda', document: '12ABC34501DE35', email: 'pay@acme.test' },
    });
    expect(screen.getByRole('textbox', { name: 'PIX copy and paste code' })).toHaveValue(brcode);
    expect(screen.getByRole('button', { name: 'Copy PIX code' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'PIX QR code' })).toHaveAttribute('src', '/api/deposits/dep_pix/document');

    await user.click(screen.getByRole('button', { name: 'Generate another' }));
    expect(await screen.findByRole('dialog', { name: 'Generate single PIX' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Amount/ })).toHaveValue('');
  });

  it('uses its own error toast', async () => {
    const user = userEvent.setup();
    mockFetch({ 'POST /deposits': () => jsonResponse({ code: 'internal_error', message: 'oops' }, 502) });
    renderDialog('pix');
    await screen.findByRole('dialog', { name: 'Generate single PIX' });
    await user.type(screen.getByRole('textbox', { name: /^Amount/ }), '1.5');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Ana');
    await user.type(screen.getByRole('textbox', { name: /^CPF or CNPJ/ }), '39053344705');
    await user.click(screen.getByRole('button', { name: 'Generate PIX' }));
    expect(await screen.findByText('Problems to generate the PIX')).toBeInTheDocument();
  });
});
