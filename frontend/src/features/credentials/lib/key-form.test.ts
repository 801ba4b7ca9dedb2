import { describe, expect, it } from 'vitest';

import { credentialsMessages as m } from '../messages';
import { isRevocable, validateKeyForm } from './key-form';

const NOW = new Date('2026-01-10T12:00:00.000Z');

describe('the create key form', () => {
  it('sends a trimmed name and no expiry by default', () => {
    expect(validateKeyForm({ name: '  ERP  ', expiry: '' }, NOW)).toEqual({ body: { name: 'ERP', expires_at: null, scope: 'full', allowed_ips: [] }, errors: {} });
  });

  it('turns an expiry choice into an instant that many days ahead', () => {
    expect(validateKeyForm({ name: 'ERP', expiry: '30' }, NOW).body).toEqual({ name: 'ERP', expires_at: '2026-02-09T12:00:00.000Z', scope: 'full', allowed_ips: [] });
    expect(validateKeyForm({ name: 'ERP', expiry: '365' }, NOW).body?.expires_at).toBe('2027-01-10T12:00:00.000Z');
  });

  it('requires a name of at most 100 characters', () => {
    expect(validateKeyForm({ name: '   ', expiry: '' }, NOW)).toEqual({ body: null, errors: { name: m.nameRequired } });
    expect(validateKeyForm({ name: 'x'.repeat(101), expiry: '' }, NOW).errors).toEqual({ name: m.nameTooLong });
  });

  it('sends the scope and the allow-list, and refuses what is not an address or a CIDR', () => {
    const body = validateKeyForm({ name: 'ERP', expiry: '', scope: 'read_only', allowedIps: ' 203.0.113.0/24,\n2001:db8::/32  10.0.0.1 ' }, NOW).body;
    expect(body).toMatchObject({ scope: 'read_only', allowed_ips: ['203.0.113.0/24', '2001:db8::/32', '10.0.0.1'] });
    expect(validateKeyForm({ name: 'ERP', expiry: '', allowedIps: '10.0.0.300' }, NOW).errors).toEqual({ allowedIps: m.ipsInvalid });
    expect(validateKeyForm({ name: 'ERP', expiry: '', allowedIps: 'office' }, NOW).errors).toEqual({ allowedIps: m.ipsInvalid });
    expect(validateKeyForm({ name: 'ERP', expiry: '', allowedIps: '10.0.0.0/33' }, NOW).errors).toEqual({ allowedIps: m.ipsInvalid });
  });

  it('lets every key but a revoked one be revoked', () => {
    expect(isRevocable('active')).toBe(true);
    expect(isRevocable('expired')).toBe(true);
    expect(isRevocable('revoked')).toBe(false);
  });
});
