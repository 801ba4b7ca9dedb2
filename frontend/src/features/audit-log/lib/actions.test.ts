import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';

import { actionLabel, changesOf, restOf, valueText } from './actions';

const en = createIntl({ locale: 'en', messages: {} });
const pt = createIntl({ locale: 'pt-BR', messages: {} });

describe('audit entries in words', () => {
  it('labels known codes, then families, then anything else, never the bare code alone', () => {
    expect(actionLabel(en, 'platform_settings.changed')).toBe('Platform settings changed');
    expect(actionLabel(en, 'restriction.ended')).toBe('Restrictions: ended');
    expect(actionLabel(en, 'weird.thing')).toBe('Other action (weird.thing)');
    // a staff sign-in's steps in words, not "Sign-in: second_factor_verified"
    expect(actionLabel(en, 'auth.second_factor_pending')).toBe('Password right: two-step verification asked');
    expect(actionLabel(en, 'auth.second_factor_verified')).toBe('Two-step verification passed');
  });

  it('names the two-step verification actions, the step-up refused for lack of a factor among them', () => {
    expect(actionLabel(en, 'auth.step_up_enrolment_required')).toBe('Sensitive change refused: no two-step verification set up');
    expect(actionLabel(en, 'auth.second_factor_enrolled')).toBe('Two-step verification method added');
    expect(actionLabel(en, 'auth.step_up')).toBe('Identity confirmed for a sensitive change');
  });

  it('reads before and after, or a status move', () => {
    expect(changesOf({ before: { max_payout_amount: null }, after: { max_payout_amount: 150_000 } })).toEqual([{ field: 'max_payout_amount', before: null, after: 150_000 }]);
    expect(changesOf({ from: 'waiting', to: 'approved', source: 'auto' })).toEqual([{ field: 'status', before: 'waiting', after: 'approved' }]);
    expect(restOf({ from: 'waiting', to: 'approved', source: 'auto' })).toEqual([['source', 'auto']]);
    expect(changesOf({ email: 'a@b.test' })).toEqual([]);
  });

  it('formats money fields for the locale and leaves other numbers alone', () => {
    expect(valueText(pt, 'max_payout_amount', 150_000)).toMatch(/^R\$\s1\.500,00$/);
    expect(valueText(en, 'amount', 1_000, 'USD')).toBe('$10.00');
    expect(valueText(en, 'hits', 3)).toBe('3');
    expect(valueText(en, 'amount', null)).toBe('—');
  });
});
