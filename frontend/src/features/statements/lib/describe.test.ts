import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';

import { describeAccount, describeEntry } from './describe';

const en = createIntl({ locale: 'en', messages: {} });

describe('statement descriptions', () => {
  it('names the known entry kinds and still names an unknown one', () => {
    expect(describeEntry('external_credit', en)).toBe('External credit');
    expect(describeEntry('deposit_settled', en)).toBe('Deposit settled');
    expect(describeEntry('med_blocked', en)).toBe('Ledger entry (med_blocked)');
  });

  it('names an account by kind, provider and currency', () => {
    const clearing = { code: 'platform:provider_clearing:sandbox_bank:BRL', kind: 'provider_clearing', currency: 'BRL', client: null, provider: 'sandbox_bank', balance: 0 };
    expect(describeAccount(clearing, en)).toBe('Provider clearing · sandbox_bank · BRL');
    const available = { code: 'tenant:acme:available:USD', kind: 'available', currency: 'USD', client: { slug: 'acme', name: 'Acme' }, provider: '', balance: 5 };
    expect(describeAccount(available, en)).toBe('Available · USD');
  });

  it("names a partner's commission account by the partner, and its fee postings by their entry", () => {
    const commission = { code: 'platform:partner_commission:orbita:BRL', kind: 'partner_commission', currency: 'BRL', client: { slug: 'orbita', name: 'Órbita Parceiros' }, provider: '', balance: 61 };
    expect(describeAccount(commission, en)).toBe('Partner commission · Órbita Parceiros · BRL');
    expect(describeEntry('deposit_confirmed', en)).toBe('Deposit confirmed');
    expect(describeEntry('payout_confirmed', en)).toBe('Payout paid');
  });
});
