import { describe, expect, it } from 'vitest';

import { feeRatesMessages as m } from '../messages';
import { serverRateErrors, validateRateForm } from './rate-form';

const EXAMPLES = { percent: '1,99', fixed: '1,50', max: 'R$ 1.000.000,00' };
const base = { tenant: 'acme', method: 'pix', currency: 'BRL', percent: '1,99', fixed: '1,50' };

describe('validateRateForm', () => {
  it('sends basis points and centavos parsed from the text', () => {
    expect(validateRateForm(base, 'pt-BR', EXAMPLES).body).toEqual({ tenant: 'acme', method: 'pix', currency: 'BRL', percent_bp: 199, fixed: 150 });
    expect(validateRateForm({ ...base, tenant: '', percent: '0,29', fixed: '1.234,56' }, 'pt-BR', EXAMPLES).body).toEqual({
      tenant: null, method: 'pix', currency: 'BRL', percent_bp: 29, fixed: 123_456,
    });
    expect(validateRateForm({ ...base, percent: '4.35', fixed: '0.10' }, 'en', EXAMPLES).body).toMatchObject({ percent_bp: 435, fixed: 10 });
  });

  it('says what is wrong with each field', () => {
    const { body, errors } = validateRateForm({ ...base, method: '', percent: '', fixed: 'x' }, 'pt-BR', EXAMPLES);
    expect(body).toBeUndefined();
    expect(errors.method?.message).toBe(m.required);
    expect(errors.percent?.message).toBe(m.required);
    expect(errors.fixed).toEqual({ message: m.fixedInvalid, values: { example: '1,50' } });
    expect(validateRateForm({ ...base, percent: '1.99' }, 'pt-BR', EXAMPLES).errors.percent).toEqual({ message: m.percentInvalid, values: { example: '1,99' } });
    expect(validateRateForm({ ...base, percent: '1,999' }, 'pt-BR', EXAMPLES).errors.percent?.message).toBe(m.percentDecimals);
    expect(validateRateForm({ ...base, percent: '101' }, 'pt-BR', EXAMPLES).errors.percent?.message).toBe(m.percentRange);
    expect(validateRateForm({ ...base, fixed: '1,505' }, 'pt-BR', EXAMPLES).errors.fixed?.message).toBe(m.fixedDecimals);
    expect(validateRateForm({ ...base, fixed: '1.000.000,01' }, 'pt-BR', EXAMPLES).errors.fixed).toEqual({ message: m.fixedRange, values: { max: 'R$ 1.000.000,00' } });
  });

  it('refuses a currency the method does not collect in', () => {
    const offered = (method: string) => (method === 'pix' ? ['BRL'] : undefined);
    expect(validateRateForm({ ...base, currency: 'USD' }, 'pt-BR', EXAMPLES, offered).errors.currency?.message).toBe(m.currencyNotOffered);
  });
});

describe('serverRateErrors', () => {
  it('puts the server’s field errors on the form’s fields, in the user’s language', () => {
    const errors = serverRateErrors(
      { percent_bp: 'Input should be less than or equal to 10000', fixed: 'Input should be greater than or equal to 0', method: 'unknown_method', foo: 'x' },
      { max: 'R$ 1.000.000,00' },
    );
    expect(errors).toEqual({
      percent: { message: m.percentRange },
      fixed: { message: m.fixedRange, values: { max: 'R$ 1.000.000,00' } },
      method: { message: m.unknownMethod },
    });
    expect(serverRateErrors({ currency: 'String should match pattern' }, { max: '' })).toEqual({ currency: { message: m.invalidValue } });
    expect(serverRateErrors(null, { max: '' })).toEqual({});
  });
});
