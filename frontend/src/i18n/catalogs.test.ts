import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

import { describe, expect, it } from 'vitest';

import en from './en.json';
import ptBR from './pt-BR.json';

// vitest runs from the frontend directory (where package.json and the CLI live).
const root = process.cwd();
const require = createRequire(import.meta.url);

/** Every message the code defines, extracted with the formatjs CLI (as `npm run i18n:extract`). */
function extractMessages(): Record<string, { defaultMessage: string }> {
  const cli = require.resolve('@formatjs/cli/bin/formatjs');
  const out = execFileSync(
    process.execPath,
    [cli, 'extract', 'src/**/*.{ts,tsx}', '--ignore', 'src/**/*.d.ts', '--ignore', 'src/**/*.test.{ts,tsx}'],
    { cwd: root, encoding: 'utf8' },
  );
  return JSON.parse(out) as Record<string, { defaultMessage: string }>;
}

const extracted = extractMessages();
const usedIds = Object.keys(extracted).sort();
const catalogs = { en: en as Record<string, string>, 'pt-BR': ptBR as Record<string, string> };

describe('message catalogs', () => {
  it('finds the messages in the code', () => {
    expect(usedIds.length).toBeGreaterThan(100);
  });

  it.each(Object.entries(catalogs))('%s has every message the code uses', (_locale, catalog) => {
    expect(usedIds.filter((id) => !(id in catalog))).toEqual([]);
  });

  it.each(Object.entries(catalogs))('%s has no message the code does not use', (_locale, catalog) => {
    expect(Object.keys(catalog).filter((id) => !(id in extracted))).toEqual([]);
  });

  it.each(Object.entries(catalogs))('%s has no empty translation', (_locale, catalog) => {
    expect(Object.entries(catalog).filter(([, text]) => !text.trim())).toEqual([]);
  });

  it('names the thing a "withdrawal" in English ("withdraw" is only the verb)', () => {
    // A noun use: after an article, a determiner or an action on it, in the plural, or naming one
    // ("Withdraw method", "Withdraw {id}"). The verb stays: "Withdraw to my account", "What you can withdraw".
    const noun = /\b(the|a|this|single|wallet|generate|cancel|confirm|review|reject|approve|open)\s+withdraw\b|\bwithdraws\b|\bwithdraw\s+(method|id|summary|requested|canceled|filters|actions|\{)/i;
    // Two messages are quoted word for word by the specification (section 2 'Generated Withdraw',
    // section 8 'Problem to generate the withdraw'): integrations and acceptance tests match them as written.
    const quotedBySpec = new Set(['Generated Withdraw', 'Problem to generate the withdraw']);
    expect(Object.entries(catalogs.en).filter(([, text]) => noun.test(text) && !quotedBySpec.has(text))).toEqual([]);
    expect(catalogs.en['payouts.generate']).toBe('Generate single withdrawal');
    expect(catalogs.en['walletWithdraws.action']).toBe('Withdraw to my account');
  });

  it('has the user messages of the specification in both languages', () => {
    const specMessages = [
      'Please, try again later',
      'Problems to generate the billet',
      'Problem to generate the withdraw',
      'Withdrawals not found',
      'Deposits not found',
      'Unable to generate report',
      'File download successful',
      'No records to show',
      'No records to show. Use the filter above',
    ];
    for (const text of specMessages) {
      const id = Object.keys(extracted).find((key) => extracted[key]?.defaultMessage === text);
      expect(id, text).toBeDefined();
      expect(catalogs.en[id!]).toBe(text);
      expect(catalogs['pt-BR'][id!]).toBeTruthy();
    }
  });

  it('uses the Portuguese titles the specification gives', () => {
    const pt = catalogs['pt-BR'];
    expect(pt['menu.route.clients.payments']).toBe('Depósitos');
    expect(pt['menu.route.clients.withdraws']).toBe('Saques');
    expect(pt['menu.route.clients.manual-withdraws']).toBe('Saques manuais');
    expect(pt['menu.route.clients.refunds']).toBe('Estornos');
    expect(pt['menu.route.admin.compliance']).toBe('Saques');
    expect(pt['menu.route.clients.direct_deposits']).toBe('Depósitos na Chave');
    expect(pt['menu.route.user.profile']).toBe('Editar Perfil');
  });
});
