import { describe, expect, it } from 'vitest';

import { isReversedPeriod, readListBasics, writeListBasics } from './list-params';

describe('list parameters', () => {
  it('reads the period, search, sort and page size, dropping unknown values', () => {
    expect(readListBasics(new URLSearchParams('date_from=2026-01-01&date_to=2026-02-30x&q=%20pay_1%20&sort=amount&per_page=50'))).toEqual({
      dateFrom: '2026-01-01', dateTo: '', q: 'pay_1', sort: 'amount', perPage: 50,
    }); // prettier-ignore
    expect(readListBasics(new URLSearchParams('sort=name&per_page=7'))).toEqual({ dateFrom: '', dateTo: '', q: '', sort: '-created_at', perPage: 25 });
  });

  it('writes them after the other parameters, leaving out the empty ones and the defaults', () => {
    const base = { dateFrom: '', dateTo: '2026-03-01', q: ' ', sort: '-created_at', perPage: 25 } as const;
    expect(writeListBasics(new URLSearchParams('status=waiting'), base).toString()).toBe('status=waiting&date_to=2026-03-01');
    expect(writeListBasics(new URLSearchParams(), { ...base, q: 'x', sort: 'amount', perPage: 100 }).toString()).toBe('date_to=2026-03-01&q=x&sort=amount&per_page=100');
  });

  it('tells a reversed period', () => {
    expect(isReversedPeriod('2026-03-10', '2026-03-01')).toBe(true);
    expect(isReversedPeriod('2026-03-01', '2026-03-01')).toBe(false);
    expect(isReversedPeriod('2026-03-10', '')).toBe(false);
  });
});
