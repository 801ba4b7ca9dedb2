import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { DecisionDialog } from './decision-dialog';

const SUMMARY = [
  { label: 'Amount', value: 'R$ 700.01' },
  { label: 'Beneficiary', value: 'Maria Silva' },
];

describe('DecisionDialog', () => {
  it('rejects only with a justification, after a confirmation that repeats what is decided', async () => {
    const onDecide = vi.fn();
    renderWithProviders(
      <DecisionDialog
        decision="reject"
        title="Reject payout 9"
        description="The money goes back to the balance."
        summary={SUMMARY}
        decideText="Reject"
        justification={{ label: 'Reason', minLength: 5, error: 'Say why, in at least 5 characters' }}
        onDecide={onDecide}
        onClose={() => undefined}
      />,
    );
    const form = screen.getByRole('dialog', { name: 'Reject payout 9' });
    expect(form).toHaveTextContent('Maria Silva');
    await userEvent.click(within(form).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Say why, in at least 5 characters')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Reason/ }), '  Wrong beneficiary  ');
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm the decision?' });
    expect(confirm).toHaveTextContent('R$ 700.01');
    expect(confirm).toHaveTextContent('Wrong beneficiary');
    expect(onDecide).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Back' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reject' }));
    expect(onDecide).toHaveBeenCalledExactlyOnceWith('Wrong beneficiary');
  });

  it('with nothing to type, the dialog itself asks before approving and shows the summary', async () => {
    const onDecide = vi.fn();
    renderWithProviders(
      <DecisionDialog decision="approve" title="Approve payout 9?" description="Approving pays it out now." summary={SUMMARY} decideText="Approve and pay out" onDecide={onDecide} onClose={() => undefined} />,
    );
    const confirm = screen.getByRole('alertdialog', { name: 'Approve payout 9?' });
    expect(confirm).toHaveTextContent('Maria Silva');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Approve and pay out' }));
    expect(onDecide).toHaveBeenCalledExactlyOnceWith('');
  });
});
