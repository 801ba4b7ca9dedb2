import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';

import { settingText } from './limits-dialog';

const normalize = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');

describe('a payout setting in words (admin/config)', () => {
  it('shows the night window and TED hours in the locale\'s clock', () => {
    const en = createIntl({ locale: 'en', messages: {} });
    const pt = createIntl({ locale: 'pt-BR', messages: {} });
    expect(normalize(settingText(en, 'night_starts_at', '20:00'))).toBe('8:00 PM');
    expect(normalize(settingText(en, 'ted_cutoff_at', '17:30:00'))).toBe('5:30 PM');
    expect(settingText(pt, 'night_starts_at', '20:00')).toBe('20:00');
  });

  it('shows money limits in the locale', () => {
    const en = createIntl({ locale: 'en', messages: {} });
    expect(settingText(en, 'max_payout_amount', 123456)).toBe('R$1,234.56');
  });
});
