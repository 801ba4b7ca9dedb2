import { describe, expect, it } from 'vitest';

import { createIdempotencyKeeper } from '@/lib/idempotency';

import { validateRefundForm } from './refund-form';

describe('validateRefundForm', () => {
  it('sends centavos and the trimmed deposit id', () => {
    expect(validateRefundForm({ depositId: ' dep_1 ', amount: '25,00', reason: ' x ' }, 'pt-BR')).toMatchObject({
      depositId: 'dep_1',
      body: { amount: 2500, reason: 'x' },
    });
  });
  it('requires a deposit, a positive amount and a reason', () => {
    const result = validateRefundForm({ depositId: '', amount: '0', reason: '' }, 'pt-BR');
    expect(result.body).toBeUndefined();
    expect(Object.keys(result.errors).sort()).toEqual(['amount', 'depositId', 'reason']);
  });
});

describe('createIdempotencyKeeper', () => {
  it('keeps a key per body until reset', () => {
    let n = 0;
    const keeper = createIdempotencyKeeper(() => `k${++n}`);
    expect(keeper.keyFor({ a: 1 })).toBe('k1');
    expect(keeper.keyFor({ a: 1 })).toBe('k1');
    expect(keeper.keyFor({ a: 2 })).toBe('k2');
    keeper.reset();
    expect(keeper.keyFor({ a: 2 })).toBe('k3');
  });
});
