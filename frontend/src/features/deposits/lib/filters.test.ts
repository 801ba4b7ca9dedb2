import { describe, expect, it } from 'vitest';

import { hasActiveFilters, listQuery, readFilters, writeFilters } from './filters';

describe('deposit filters in the URL', () => {
  it('reads the API parameters and drops values the API would refuse', () => {
    const params = new URLSearchParams(
      'status=pending&status=confirmed&status=bogus&method=pix&currency=BRL&date_from=2026-01-01&date_to=nope&amount_min=1000&amount_max=1.5&q=%20ana%20&sort=-amount&per_page=50&cursor=abc',
    );
    const filters = readFilters(params);
    expect(filters).toEqual({
      status: ['pending', 'confirmed'],
      method: ['pix'],
      currency: ['BRL'],
      dateFrom: '2026-01-01',
      dateTo: '',
      amountMin: 1000,
      amountMax: null,
      q: 'ana',
      sort: '-amount',
      perPage: 50,
    });
    expect(listQuery(filters, 'abc')).toMatchObject({ status: ['pending', 'confirmed'], amount_min: 1000, sort: '-amount', per_page: 50, cursor: 'abc' });
    expect(readFilters(new URLSearchParams('sort=name&per_page=7'))).toMatchObject({ sort: '-created_at', perPage: 25 });
  });

  it('writes only what differs from the defaults, back on the first page, keeping the open detail', () => {
    const current = new URLSearchParams('cursor=c2&back=c1&deposit=dep_1&q=old');
    const next = writeFilters(current, { ...readFilters(new URLSearchParams()), status: ['waiting'], amountMax: 500, q: 'maria' });
    expect(next.toString()).toBe('deposit=dep_1&status=waiting&amount_max=500&q=maria');
  });

  it('knows when the set is filtered (sort and page size do not count)', () => {
    expect(hasActiveFilters(readFilters(new URLSearchParams('sort=amount&per_page=10')))).toBe(false);
    expect(hasActiveFilters(readFilters(new URLSearchParams('amount_min=0')))).toBe(true);
    expect(hasActiveFilters(readFilters(new URLSearchParams('q=ana')))).toBe(true);
  });
});
