import { describe, expect, it } from 'vitest';

import { change } from './figures';
import { currentMonth, daysIn, isIsoDate, previousPeriod, todayInSaoPaulo } from './period';

describe('statistics periods (São Paulo days)', () => {
  it('takes today in São Paulo, not in the browser\'s zone, on either side of its midnight', () => {
    expect(todayInSaoPaulo(new Date('2026-11-24T02:59:59Z'))).toBe('2026-11-23');
    expect(todayInSaoPaulo(new Date('2026-11-24T03:00:00Z'))).toBe('2026-11-24');
    expect(currentMonth('2026-12-01')).toEqual({ from: '2026-12-01', to: '2026-12-01' });
  });

  it('compares with the period of the same length just before, across months and years', () => {
    expect(previousPeriod('2026-03-01', '2026-03-31')).toEqual({ from: '2026-01-29', to: '2026-02-28' });
    expect(previousPeriod('2026-01-01', '2026-01-01')).toEqual({ from: '2025-12-31', to: '2025-12-31' });
    expect(daysIn('2026-01-01', '2026-12-31')).toBe(365);
  });

  it('reads only real dates', () => {
    expect(['2026-02-28', '2026-02-30', '2026-2-1', '', null].map((v) => isIsoDate(v))).toEqual([true, false, false, false, false]);
  });

  it('gives the change in percent, or nothing to compare with', () => {
    expect([change(150, 100), change(50, 100), change(0, 0), change(10, 0)]).toEqual([50, -50, 0, null]);
  });
});
