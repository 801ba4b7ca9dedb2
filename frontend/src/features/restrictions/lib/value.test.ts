import { describe, expect, it } from 'vitest';

import { checkValue, normalizePhone } from './value';

describe('restriction values', () => {
  it('checks each kind as the server normalises it', () => {
    expect(checkValue('document', '529.982.247-25')).toBeNull();
    expect(checkValue('document', '123.456.789-00')).toBe('invalid_document');
    expect(checkValue('email', 'Fraude@Example.com')).toBeNull();
    expect(checkValue('email', 'fraude')).toBe('invalid_email');
    expect(checkValue('phone', '(11) 99876-5432')).toBeNull();
    expect(checkValue('phone', '12')).toBe('invalid_phone');
    expect(checkValue('pix_key', '52998224725')).toBeNull();
    expect(checkValue('pix_key', '+5511998765432')).toBeNull();
    expect(checkValue('pix_key', '123e4567-e89b-12d3-a456-426614174000')).toBeNull();
    expect(checkValue('pix_key', '???')).toBe('invalid_pix_key');
    expect(checkValue('bank_account', '001/1234-3/567890-0')).toBeNull();
    expect(checkValue('bank_account', '001-1234')).toBe('bank_agency_account');
    expect(checkValue('email', '  ')).toBe('required');
  });

  it('writes phones in E.164', () => {
    expect(normalizePhone('(11) 99876-5432')).toBe('+5511998765432');
    expect(normalizePhone('+1 415 555 0100')).toBe('+14155550100');
  });
});
