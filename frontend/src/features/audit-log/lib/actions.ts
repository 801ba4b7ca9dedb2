import type { IntlShape } from 'react-intl';

import { money } from '@/lib/format';

import { actionMessages, familyMessages, fieldMessages } from '../messages';

export type Family = keyof typeof familyMessages;
export const FAMILIES = Object.keys(familyMessages) as Family[];
const MONEY_FIELDS = /(amount|fee|limit|_up_to|per_client)$/;

function known<T extends object>(table: T, key: string): key is Extract<keyof T, string> {
  return Object.hasOwn(table, key);
}

/** An action code in the reader's words: its own label, else its family's name with the code. */
export function actionLabel(intl: IntlShape, code: string): string {
  if (known(actionMessages, code)) return intl.formatMessage(actionMessages[code]);
  const family = code.split('.')[0] ?? '';
  if (known(familyMessages, family)) return intl.formatMessage(actionMessages.otherOfFamily, { family: intl.formatMessage(familyMessages[family]), code: code.slice(family.length + 1) });
  return intl.formatMessage(actionMessages.unknown, { code });
}

export function fieldLabel(intl: IntlShape, name: string): string {
  return known(fieldMessages, name) ? intl.formatMessage(fieldMessages[name]) : name;
}

/** A recorded value for reading: money fields in the locale's money, the rest as text. */
export function valueText(intl: IntlShape, name: string, value: unknown, currency = 'BRL'): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number' && Number.isInteger(value) && MONEY_FIELDS.test(name)) return money(value, currency, intl.locale);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export type Change = { field: string; before: unknown; after: unknown };

/** What an entry says changed: its `before`/`after` maps, or a status move (`from`/`to`). */
export function changesOf(data: Record<string, unknown>): Change[] {
  const before = data.before;
  const after = data.after;
  if (after && typeof after === 'object' && !Array.isArray(after)) {
    const was = before && typeof before === 'object' && !Array.isArray(before) ? (before as Record<string, unknown>) : {};
    return Object.entries(after as Record<string, unknown>).map(([field, value]) => ({ field, before: was[field], after: value }));
  }
  if ('to' in data) return [{ field: 'status', before: data.from, after: data.to }];
  return [];
}

/** The recorded data besides the changes. */
export function restOf(data: Record<string, unknown>): [string, unknown][] {
  const skip = new Set(changesOf(data).length ? ['before', 'after', 'from', 'to'] : []);
  return Object.entries(data).filter(([key]) => !skip.has(key));
}
