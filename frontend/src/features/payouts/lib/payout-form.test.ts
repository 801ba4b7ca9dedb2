import { describe, expect, it } from 'vitest';

import { INITIAL_PAYOUT_FORM, validatePayoutForm } from './payout-form';

describe('validatePayoutForm', () => {
  const values = { ...INITIAL_PAYOUT_FORM, bankAccountId: 'bac_1', amount: '123,45' };

  it('sends a standard withdraw by default', () => {
    expect(validatePayoutForm(values, 'pt-BR').body).toMatchObject({ amount: 12345, kind: 'standard' });
  });

  it("sends the screen's kind (manual withdraws are listed on their own screen)", () => {
    expect(validatePayoutForm(values, 'pt-BR', 'manual').body?.kind).toBe('manual');
    expect(validatePayoutForm(values, 'pt-BR', 'transactional').body?.kind).toBe('transactional');
  });
});
