import { describe, expect, it } from 'vitest';

import { credentialsMessages as m } from '../messages';
import { isRevocable, validateKeyForm } from './key-form';

const NOW = new Date('2026-01-10T12:00:00.000Z');

describe('the create key form', () => {
  it('sends a trimmed name and no expiry by default', () => {
    expect(validateKeyForm({ name: '  ERP  ', expiry: '' }, NOW)).toEqual({ body: { name: 'ERP', expires_at: null }, errors: {} });
  });

  it('turns an expiry choice into an instant that many days ahead', () => {
    expect(validateKeyForm({ name: 'ERP', expiry: '30' }, NOW).body).toEqual({ name: 'ERP', expires_at: '2026-02-09T12:00:00.000Z' });
    expect(validateKeyForm({ name: 'ERP', expiry: '365' }, NOW).body?.expires_at).toBe('2027-01-10T12:00:00.000Z');
  });

  it('requires a name of at most 100 characters', () => {
    expect(validateKeyForm({ name: '   ', expiry: '' }, NOW)).toEqual({ body: null, errors: { name: m.nameRequired } });
    expect(validateKeyForm({ name: 'x'.repeat(101), expiry: '' }, NOW).errors).toEqual({ name: m.nameTooLong });
  });

  it('lets every key but a revoked one be revoked', () => {
    expect(isRevocable('active')).toBe(true);
    expect(isRevocable('expired')).toBe(true);
    expect(isRevocable('revoked')).toBe(false);
  });
});
