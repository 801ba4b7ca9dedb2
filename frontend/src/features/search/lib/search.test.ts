import { describe, expect, it } from 'vitest';

import { canSearchTransactions, looksLikeTransactionId, searchMenu } from './search';

const entries = [
  { route: 'clients/payments', title: 'Depósitos', group: 'Financeiro' },
  { route: 'clients/withdraws', title: 'Saques', group: 'Financeiro' },
  { route: 'employee/transactions', title: 'Transações', group: 'Gerais' },
  { route: 'employee/transactions', title: 'Transações', group: 'Administração' },
  { route: 'admin/compliance', title: 'Saques', group: 'KYC' },
];

describe('menu search', () => {
  it('matches translated titles ignoring case and accents', () => {
    expect(searchMenu(entries, 'deposito').map((e) => e.route)).toEqual(['clients/payments']);
    expect(searchMenu(entries, 'SAQ').map((e) => e.route)).toEqual(['clients/withdraws', 'admin/compliance']);
  });

  it('returns one result per route and title hits before group hits', () => {
    expect(searchMenu(entries, 'trans').map((e) => e.route)).toEqual(['employee/transactions']);
    expect(searchMenu(entries, 'financeiro').map((e) => e.route)).toEqual(['clients/payments', 'clients/withdraws']);
  });

  it('returns nothing for an empty query', () => {
    expect(searchMenu(entries, '  ')).toEqual([]);
  });

  it('offers transaction search only to a user who may open its result', () => {
    const menu = (...routes: string[]) => routes.map((route) => ({ route }));
    expect(canSearchTransactions(menu('admin/home', 'employee/transactions'))).toBe(true);
    expect(canSearchTransactions(menu('employee/transactions', 'employee/meds'))).toBe(true);
    // The financial role is staff, but its only screen is statements: a found transaction would not open.
    expect(canSearchTransactions(menu('financial/statements'))).toBe(false);
    expect(canSearchTransactions(menu('clients/home', 'clients/payments'))).toBe(false);
    expect(canSearchTransactions(menu('company/atividade'))).toBe(false);
  });

  it('accepts ids made of letters, digits, dashes', () => {
    expect(looksLikeTransactionId('tx_123-ab')).toBe(true);
    expect(looksLikeTransactionId('two words')).toBe(false);
  });
});
