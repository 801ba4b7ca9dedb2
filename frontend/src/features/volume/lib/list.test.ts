import { describe, expect, it } from 'vitest';

import type { ListState } from '@/components/kit';

import { SORTS, type Sort, volumeList, volumeQuery } from './list';

const state = (overrides: Partial<ListState<Sort>> = {}): ListState<Sort> => ({
  filters: {},
  q: '',
  dateFrom: '',
  dateTo: '',
  sort: volumeList.defaultSort,
  perPage: 500,
  cursor: null,
  page: 1,
  ...overrides,
});

describe('volumeQuery', () => {
  it('asks for the sort only when nothing is chosen (the API takes the current month)', () => {
    expect(volumeQuery(state())).toEqual({ sort: '-deposits_amount' });
  });

  it('names the period from/to and keeps the chosen currency and client', () => {
    const query = volumeQuery(state({ dateFrom: '2026-10-01', dateTo: '2026-10-31', filters: { currency: 'USD', client: 'acme' }, sort: 'fees' }));
    expect(query).toEqual({ from: '2026-10-01', to: '2026-10-31', currency: 'USD', client: 'acme', sort: 'fees' });
  });

  it('offers every column both ways', () => {
    expect(SORTS).toContain('-balance');
    expect(SORTS).toContain('pix_amount');
    expect(SORTS).toContain('client');
  });
});
