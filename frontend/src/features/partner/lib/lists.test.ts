import { describe, expect, it } from 'vitest';

import { readList } from '@/components/kit/list-state';

import { depositsQuery, partnerDepositsList, partnerWithdrawsList, withdrawsQuery } from './lists';

describe('partner lists', () => {
  it('sends the client, the filters and the page of the URL as the API names them', () => {
    const state = readList(partnerDepositsList, new URLSearchParams('client=acme&status=waiting&method=pix&currency=BRL&provider=sandbox_bank&q=maria&date_from=2026-11-01&sort=-amount&per_page=50'));
    expect(depositsQuery(state)).toEqual({
      client: 'acme',
      status: ['waiting'],
      method: ['pix'],
      currency: ['BRL'],
      provider: ['sandbox_bank'],
      q: 'maria',
      date_from: '2026-11-01',
      date_to: null,
      sort: '-amount',
      per_page: 50,
      cursor: null,
    });
  });

  it('drops values the API would refuse', () => {
    const state = readList(partnerWithdrawsList, new URLSearchParams('client=Not A Slug&status=nope&kind=wallet&sort=due_date'));
    const query = withdrawsQuery(state);
    expect(query.client).toBe('');
    expect(query.status).toEqual([]);
    expect(query.kind).toEqual(['wallet']);
    expect(query.sort).toBe('-created_at');
  });
});
