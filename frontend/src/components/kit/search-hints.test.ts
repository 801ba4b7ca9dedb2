import { describe, expect, it } from 'vitest';

import en from '@/i18n/en.json';
import ptBR from '@/i18n/pt-BR.json';

/**
 * A list's search hint is the placeholder of the kit's search field (ListView's SearchBox): about 36
 * characters fit beside its button at the field's basis (20rem), so a longer hint is cut off at 1440 px.
 */
const SEARCH_HINT_MAX = 36;

describe('list search hints fit the kit search field', () => {
  it.each([
    ['en', en],
    ['pt-BR', ptBR],
  ] as const)('%s: every search hint is short enough', (_, catalog) => {
    const hints = Object.entries(catalog as Record<string, string>).filter(([key]) => /searchHint$/i.test(key));
    expect(hints.length).toBeGreaterThanOrEqual(4);
    const tooLong = hints.filter(([, text]) => text.length > SEARCH_HINT_MAX);
    expect(tooLong).toEqual([]);
  });

  it('the Transactions and Payout requests hints are the short ones', () => {
    expect((ptBR as Record<string, string>)['transactions.filters.searchHint']).toBe('ID, ID no banco, CPF/CNPJ ou nome');
    expect((en as Record<string, string>)['payouts.staff.searchHint']).toBe('ID, bank ID, CPF/CNPJ or name');
  });
});
