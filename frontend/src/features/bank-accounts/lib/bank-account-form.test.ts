import { describe, expect, it } from 'vitest';

import { bankAccountsMessages as m } from '../messages';
import { type BankAccountFormValues, INITIAL_BANK_ACCOUNT, serverFieldErrors, validateBankAccountForm } from './bank-account-form';

const VALID: BankAccountFormValues = {
  ...INITIAL_BANK_ACCOUNT,
  bankIspb: '00000000',
  agency: '1234',
  agencyDigit: '3',
  account: '567890',
  accountDigit: '0',
  holderName: 'Ana Souza',
  holderDocument: '529.982.247-25',
};

describe('validateBankAccountForm', () => {
  it('sends digits only for the holder document', () => {
    const { body, errors } = validateBankAccountForm(VALID);
    expect(errors).toEqual({});
    expect(body?.holder_document).toBe('52998224725');
  });

  it('refuses a CPF or CNPJ whose check digits do not match, and a document of another length', () => {
    expect(validateBankAccountForm({ ...VALID, holderDocument: '529.982.247-24' }).errors).toEqual({ holderDocument: m.invalidCpf });
    expect(validateBankAccountForm({ ...VALID, holderDocument: '11.222.333/0001-80' }).errors).toEqual({ holderDocument: m.invalidCnpj });
    expect(validateBankAccountForm({ ...VALID, holderDocument: '1234' }).errors).toEqual({ holderDocument: m.invalidDocument });
    expect(validateBankAccountForm({ ...VALID, holderDocument: '' }).errors).toEqual({ holderDocument: m.required });
  });
});

describe('serverFieldErrors', () => {
  it('translates the codes of the server onto the form fields', () => {
    expect(
      serverFieldErrors({
        holder_document: 'invalid_cpf',
        bank_compe: 'unknown_bank',
        account_digit: 'check_digit_mismatch',
        pix_key: 'too_short',
        agency: 'something_new',
        'body.unrelated': 'required',
      }),
    ).toEqual({
      holderDocument: m.invalidCpf,
      bankIspb: m.unknownBank,
      accountDigit: m.checkDigitMismatch,
      pixKey: m.invalidPixKey,
      agency: m.invalidValue,
    });
    expect(serverFieldErrors(null)).toEqual({});
  });
});
