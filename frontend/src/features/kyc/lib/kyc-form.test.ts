import { describe, expect, it } from 'vitest';

import { kycMessages as m } from '../messages';
import { bpToShare, checkKyc, shareToBp } from './kyc-form';

describe('KYC form', () => {
  it('reads shares as percent in either notation and sends basis points', () => {
    expect(shareToBp('25,5')).toBe(2550);
    expect(shareToBp('100')).toBe(10_000);
    expect(shareToBp('0')).toBeNull();
    expect(shareToBp('100.01')).toBeNull();
    expect(shareToBp('1.234')).toBeNull();
    expect(bpToShare(2550, 'pt-BR')).toBe('25,5');
    expect(bpToShare(2550, 'en')).toBe('25.5');
  });

  it('refuses a bad CNPJ, a bad CPF and shares above 100% on their fields', () => {
    const { body, errors } = checkKyc({
      legal_name: 'X',
      trade_name: '',
      cnpj: '11.222.333/0001-80',
      people: [
        { role: 'owner', name: 'Ana', cpf: '390.533.447-05', share: '60' },
        { role: 'owner', name: '', cpf: '111.111.111-11', share: '50' },
      ],
    });
    expect(body).toBeNull();
    expect(errors).toEqual({ cnpj: m.invalidCnpj, 'people.1.name': m.required, 'people.1.cpf': m.invalidCpf, people: m.sharesOver100 });
  });

  it('builds the body the API takes', () => {
    const { body } = checkKyc({ legal_name: ' Nova Ltda ', trade_name: '', cnpj: '11.222.333/0001-81', people: [{ role: 'representative', name: 'Ana', cpf: '390.533.447-05', share: '' }] });
    expect(body).toEqual({ legal_name: 'Nova Ltda', trade_name: '', cnpj: '11222333000181', people: [{ role: 'representative', name: 'Ana', cpf: '39053344705', share_bp: null }] });
  });
});
