import { describe, expect, it } from 'vitest';

import { addressLine, emailList, looksLikeEmail } from './settings-form';

describe('company settings form', () => {
  it('reads e-mails one per line or separated by commas, dropping blanks', () => {
    expect(emailList(' a@x.com\n\nb@y.com.br, c@z.io ;d@w.org ')).toEqual(['a@x.com', 'b@y.com.br', 'c@z.io', 'd@w.org']);
    expect(emailList('   ')).toEqual([]);
  });

  it('checks the shape of an e-mail before the server does', () => {
    expect(looksLikeEmail('ops@acme.example.com')).toBe(true);
    expect(looksLikeEmail('not-an-email')).toBe(false);
    expect(looksLikeEmail('a@b')).toBe(false);
  });

  it('writes the address on one line with the CEP punctuated', () => {
    expect(addressLine({ street: 'Avenida Paulista', number: '1000', complement: '', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP', zipcode: '01310100' })).toBe(
      'Avenida Paulista, 1000 - Bela Vista - São Paulo/SP - 01310-100',
    );
    expect(addressLine({ street: '', number: '', complement: '', neighborhood: '', city: '', state: '', zipcode: '' })).toBe('');
  });
});
