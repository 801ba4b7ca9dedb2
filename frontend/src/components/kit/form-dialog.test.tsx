import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/testing/test-utils';

import { ConfirmDialog } from './confirm-dialog';
import { FormDialog } from './form-dialog';
import { MoneyField, TextField, useCheckAmount } from './form-fields';
import { serverErrors } from './server-errors';

afterEach(() => vi.restoreAllMocks());

type Call = { resolve: () => void; reject: (error: unknown) => void };

/** A small form on the kit: an amount and a name, sent through `send` (a promise the test settles). */
function AmountForm({ send, confirm }: { send: (cents: number, name: string) => Promise<void>; confirm?: boolean }) {
  const checkAmount = useCheckAmount();
  const [amount, setAmount] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'amount' | 'name', string>>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [closed, setClosed] = useState(false);
  const cents = checkAmount(amount).cents;
  if (closed) return <p>closed</p>;
  return (
    <FormDialog
      title="Send money"
      submitText="Send"
      pending={pending}
      error={general}
      invalid={Object.keys(errors).length > 0}
      validate={() => {
        const checked = checkAmount(amount);
        const next = { ...(checked.error ? { amount: checked.error } : {}), ...(name.trim() ? {} : { name: 'Required' }) };
        setErrors(next);
        return Object.keys(next).length === 0;
      }}
      onSubmit={() => {
        setPending(true);
        setGeneral(null);
        send(cents ?? 0, name)
          .then(() => setClosed(true))
          .catch((error: unknown) => {
            const split = serverErrors(error, { amount: 'amount', 'payee.name': 'name' } as const, {
              translate: (code) => (code === 'amount_out_of_range' ? 'Amount out of range' : undefined),
              fallback: 'Please, try again later',
            });
            setErrors(split.fields);
            setGeneral(split.general);
          })
          .finally(() => setPending(false));
      }}
      onClose={() => setClosed(true)}
      confirmation={confirm ? { summary: [{ label: 'Amount', value: `R$ ${amount}` }, { label: 'Payee', value: name }], confirmText: 'Confirm and send' } : undefined}
    >
      <MoneyField label="Amount" value={amount} onChange={setAmount} error={errors.amount} />
      <TextField label="Payee" value={name} onChange={setName} error={errors.name} />
    </FormDialog>
  );
}

function deferred() {
  const calls: Call[] = [];
  const send = vi.fn(
    () =>
      new Promise<void>((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
  );
  return { send, calls };
}

describe('FormDialog', () => {
  it('checks the fields first and sends nothing while they are wrong', async () => {
    const user = userEvent.setup();
    const { send } = deferred();
    renderWithProviders(<AmountForm send={send} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Enter an amount')).toBeInTheDocument();
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveFocus());
    expect(send).not.toHaveBeenCalled();
  });

  it('maps the server field errors onto their fields, and the rest to the general error', async () => {
    const user = userEvent.setup();
    const { send, calls } = deferred();
    renderWithProviders(<AmountForm send={send} />);
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '1,234.56');
    await user.type(screen.getByRole('textbox', { name: 'Payee' }), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(send).toHaveBeenCalledWith(123456, 'Ana');
    calls[0]!.reject(
      new ApiError({
        status: 400,
        code: 'invalid_input',
        message: 'Please check the highlighted fields.',
        fields: { amount: 'amount_out_of_range', 'payee.name': 'name_blocked', request: 'Payee bank is offline' },
      }),
    );
    expect(await screen.findByText('Amount out of range')).toBeInTheDocument();
    expect(screen.getByText('name_blocked')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Payee' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Payee bank is offline');
  });

  it('shows the server message when the error names the field itself, and a fallback on a 5xx', () => {
    const own = serverErrors(
      new ApiError({ status: 400, code: 'currency_not_accepted', message: 'This payment method does not accept USD.', fields: { currency: 'currency_not_accepted' } }),
      { currency: 'currency' } as const,
      { fallback: 'later' },
    );
    expect(own).toEqual({ fields: { currency: 'This payment method does not accept USD.' }, general: null });
    expect(serverErrors(new ApiError({ status: 502, code: 'x', message: 'bad gateway' }), {}, { fallback: 'later' })).toEqual({ fields: {}, general: 'later' });
    expect(serverErrors(new ApiError({ status: 409, code: 'maker_checker', message: 'Not your own' }), {}, { fallback: 'later' }).general).toBe('Not your own');
  });

  it('is pending while the call runs: the buttons cannot be pressed again', async () => {
    const user = userEvent.setup();
    const { send, calls } = deferred();
    renderWithProviders(<AmountForm send={send} />);
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '10');
    await user.type(screen.getByRole('textbox', { name: 'Payee' }), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = screen.getByRole('dialog', { name: 'Send money' });
    // The submit button shows a spinner instead of its text while loading.
    const submit = dialog.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    await waitFor(() => expect(submit).toBeDisabled());
    expect(submit).toHaveAttribute('data-loading');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.click(submit);
    expect(send).toHaveBeenCalledTimes(1);
    calls[0]!.resolve();
    expect(await screen.findByText('closed')).toBeInTheDocument();
  });

  it('with a confirmation, shows the summary first and calls only on confirm; Back keeps what was typed', async () => {
    const user = userEvent.setup();
    const { send, calls } = deferred();
    renderWithProviders(<AmountForm send={send} confirm />);
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '25.00');
    await user.type(screen.getByRole('textbox', { name: 'Payee' }), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const review = await screen.findByRole('alertdialog', { name: 'Check before confirming' });
    expect(within(review).getByText('R$ 25.00')).toBeInTheDocument();
    expect(within(review).getByText('Ana')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();

    await user.click(within(review).getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveValue('25.00');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm and send' }));
    expect(send).toHaveBeenCalledWith(2500, 'Ana');

    // A refusal on a field goes back to the fields, where it is shown.
    calls[0]!.reject(new ApiError({ status: 400, code: 'invalid_input', message: 'Check', fields: { amount: 'amount_out_of_range' } }));
    const refusal = await screen.findByText('Amount out of range');
    await waitFor(() => expect(refusal).toBeVisible());
    expect(await screen.findByRole('dialog', { name: 'Send money' })).toBeInTheDocument();
  });

  it('rewrites a valid amount in the locale’s notation when leaving the field', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AmountForm send={deferred().send} />, { locale: 'pt-BR' });
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    await user.type(amount, '1234,5');
    await user.tab();
    expect(amount).toHaveValue('1.234,50');
  });
});

describe('ConfirmDialog', () => {
  it('says what will happen and to what, and confirms or cancels', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(
      <ConfirmDialog
        open
        title="Approve withdrawal po_1?"
        description="The money goes to the bank now."
        details={[
          { label: 'Amount', value: 'R$ 600,00' },
          { label: 'Beneficiary', value: 'Acme Ltda' },
        ]}
        confirmText="Approve"
        onConfirm={onConfirm}
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Approve withdrawal po_1?' });
    expect(dialog).toHaveTextContent('The money goes to the bank now.');
    expect(within(dialog).getByText('R$ 600,00')).toBeInTheDocument();
    expect(within(dialog).getByText('Acme Ltda')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('while pending, neither button can be pressed; an error stays in the dialog', () => {
    renderWithProviders(
      <ConfirmDialog open title="Remove?" description="It goes." confirmText="Remove" pending error="Not allowed" onConfirm={() => {}} onClose={() => {}} />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Remove?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    const confirm = within(dialog)
      .getAllByRole('button', { hidden: true })
      .find((button) => button.hasAttribute('data-loading'));
    expect(confirm).toBeDisabled();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Not allowed');
  });
});
