import { describe, expect, it } from 'vitest';

import { cnpjCheckDigits, documentCharacters, formatDocument, formatPhone, isValidCnpj, isValidCpf, maskDocument, validateDocument } from './documents';

describe('CPF and CNPJ check digits (as platform/brazil/documents.py)', () => {
  it('accepts valid CPFs with or without punctuation', () => {
    expect(isValidCpf('390.533.447-05')).toBe(true);
    expect(isValidCpf('39053344705')).toBe(true);
    expect(validateDocument(' 390.533.447-05 ')).toEqual({ ok: true, kind: 'cpf', value: '39053344705' });
  });

  it('refuses wrong check digits and repeated digits', () => {
    expect(isValidCpf('390.533.447-06')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('3905334470')).toBe(false);
    expect(validateDocument('390.533.447-15')).toEqual({ ok: false, error: 'invalid_cpf' });
  });

  it('accepts numeric CNPJs', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('00.000.000/0000-00')).toBe(false);
  });

  it('accepts the alphanumeric CNPJ (IN RFB 2.229/2024)', () => {
    expect(cnpjCheckDigits('12ABC34501DE')).toBe('35');
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12.abc.345/01de-35')).toBe(true);
    expect(validateDocument('12.ABC.345/01DE-35')).toEqual({ ok: true, kind: 'cnpj', value: '12ABC34501DE35' });
    expect(isValidCnpj('12.ABC.345/01DE-36')).toBe(false);
    // check digits are always numeric
    expect(isValidCnpj('12.ABC.345/01DE-3A')).toBe(false);
  });

  it('classifies by length and punctuates for display', () => {
    expect(validateDocument('123')).toEqual({ ok: false, error: 'invalid_document' });
    expect(validateDocument('12ABC34501DE3')).toEqual({ ok: false, error: 'invalid_document' });
    expect(formatDocument('39053344705')).toBe('390.533.447-05');
    expect(formatDocument('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
    expect(formatDocument('whatever')).toBe('whatever');
  });
});

describe('Brazilian phones', () => {
  it('formats landlines, mobiles and the country code; leaves the rest as stored', () => {
    expect(formatPhone('1134567890')).toBe('(11) 3456-7890');
    expect(formatPhone('11934567890')).toBe('(11) 93456-7890');
    expect(formatPhone('(11) 93456-7890')).toBe('(11) 93456-7890');
    expect(formatPhone('5511934567890')).toBe('+55 (11) 93456-7890');
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPhone('')).toBe('');
  });
});

describe('the document mask while typing', () => {
  it('punctuates a CPF as it is typed and keeps its 11 digits at most', () => {
    expect(maskDocument('123', 'cpf')).toBe('123');
    expect(maskDocument('1234', 'cpf')).toBe('123.4');
    expect(maskDocument('1234567', 'cpf')).toBe('123.456.7');
    expect(maskDocument('12345678909', 'cpf')).toBe('123.456.789-09');
    expect(maskDocument('123.456.789-0912', 'cpf')).toBe('123.456.789-09');
    expect(maskDocument('12a3', 'cpf')).toBe('123');
    expect(documentCharacters('123.456.789-09', 'cpf')).toBe('12345678909');
  });

  it('punctuates a CNPJ (numeric or alphanumeric) and keeps its 14 characters at most', () => {
    expect(maskDocument('11222333000', 'cnpj')).toBe('11.222.333/000');
    expect(maskDocument('12345678000190', 'cnpj')).toBe('12.345.678/0001-90');
    expect(maskDocument('12.abc.345/01de-35', 'cnpj')).toBe('12.ABC.345/01DE-35');
    expect(documentCharacters('12.345.678/0001-90999', 'cnpj')).toBe('12345678000190');
  });

  it('without a kind, reads up to 11 digits as a CPF and more as a CNPJ', () => {
    expect(maskDocument('12345678909')).toBe('123.456.789-09');
    expect(maskDocument('123456789090')).toBe('12.345.678/9090');
    expect(maskDocument('12345678000190')).toBe('12.345.678/0001-90');
  });
});
