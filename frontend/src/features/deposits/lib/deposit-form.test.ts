import { describe, expect, it } from 'vitest';

import { depositsMessages as m } from '../messages';
import { type DepositFormValues, initialValues, isDirty, serverFieldErrors, validateDepositForm } from './deposit-form';

const TODAY = '2026-03-10';

function billet(overrides: Partial<DepositFormValues> = {}): DepositFormValues {
  return {
    ...initialValues('billet', TODAY),
    amount: '1.234,56',
    name: 'Maria Silva',
    document: '390.533.447-05',
    email: 'maria@example.com',
    street: 'Av. Paulista',
    number: '1000',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
    zipcode: '01310-100',
    ...overrides,
  };
}

describe('billet and PIX form values', () => {
  it('starts a billet due in three days and a PIX expiring in one hour', () => {
    expect(initialValues('billet', TODAY).dueDate).toBe('2026-03-13');
    expect(initialValues('pix', TODAY)).toMatchObject({ dueDate: '', expiry: '3600', currency: 'BRL' });
    expect(isDirty(initialValues('pix', TODAY), initialValues('pix', TODAY))).toBe(false);
    expect(isDirty({ ...initialValues('pix', TODAY), name: 'x' }, initialValues('pix', TODAY))).toBe(true);
  });

  it('builds the billet body with integer centavos and a clean document', () => {
    const { errors, body } = validateDepositForm('billet', billet(), 'pt-BR', TODAY);
    expect(errors).toEqual({});
    expect(body).toEqual({
      method: 'billet',
      amount: 123456,
      currency: 'BRL',
      due_date: '2026-03-13',
      payer: {
        name: 'Maria Silva',
        document: '39053344705',
        email: 'maria@example.com',
        street: 'Av. Paulista',
        number: '1000',
        complement: '',
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
        zipcode: '01310100',
      },
    });
    expect(Number.isInteger(body!.amount)).toBe(true);
  });

  it('builds the PIX body in English notation with an alphanumeric CNPJ', () => {
    const values = { ...initialValues('pix', TODAY), amount: '1,234.56', name: 'Acme', document: '12.abc.345/01de-35', expiry: '86400' };
    expect(validateDepositForm('pix', values, 'en', TODAY).body).toEqual({
      method: 'pix',
      amount: 123456,
      currency: 'BRL',
      expires_in_seconds: 86400,
      payer: { name: 'Acme', document: '12ABC34501DE35', email: '' },
    });
  });

  it('reports every problem before sending', () => {
    const values = billet({
      amount: '12,345',
      document: '390.533.447-06',
      email: 'nope',
      dueDate: '2026-03-09',
      street: ' ',
      state: '',
      zipcode: '0131',
    });
    const { errors, body } = validateDepositForm('billet', values, 'pt-BR', TODAY);
    expect(body).toBeNull();
    expect(errors).toEqual({
      amount: { message: m.amountDecimals, values: { example: '1.234,56' } },
      document: { message: m.invalidCpf },
      email: { message: m.invalidEmail },
      dueDate: { message: m.dueDatePast },
      street: { message: m.required },
      state: { message: m.invalidState },
      zipcode: { message: m.invalidZipcode },
    });
    expect(validateDepositForm('pix', { ...initialValues('pix', TODAY), amount: '0,00', name: 'Ana', document: '12.ABC.345/01DE-34' }, 'pt-BR', TODAY).errors).toEqual({
      amount: { message: m.amountPositive },
      document: { message: m.invalidCnpj },
    });
  });

  it('puts the server field errors on the fields and keeps the rest apart', () => {
    const { errors, other } = serverFieldErrors({
      'payer.document': 'invalid_cpf',
      'payer.zipcode': 'invalid_zipcode',
      due_date: 'due_date_in_past',
      'payer.name': 'String should have at least 2 characters',
      method: 'method_not_enabled',
    });
    expect(errors).toEqual({
      document: { message: m.invalidCpf },
      zipcode: { message: m.invalidZipcode },
      dueDate: { message: m.dueDatePast },
      name: { text: 'String should have at least 2 characters' },
    });
    expect(other).toEqual([{ message: m.methodNotEnabled }]);
  });
});
