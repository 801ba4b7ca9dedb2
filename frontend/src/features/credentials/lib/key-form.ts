import type { MessageDescriptor } from 'react-intl';

import type { ApiKeyIn } from '@/api/types';

import { credentialsMessages as m } from '../messages';

/** Expiry choices of the "Create key" dialog, in days ('' = never expires). */
export const EXPIRY_CHOICES = ['', '30', '90', '365'] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

export type KeyFormValues = { name: string; expiry: ExpiryChoice };
export type KeyFormErrors = Partial<Record<keyof KeyFormValues, MessageDescriptor>>;

export const NAME_MAX = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The body of POST /api/credentials/keys, or the errors to show. `now` is injectable for tests. */
export function validateKeyForm(values: KeyFormValues, now: Date = new Date()): { body: ApiKeyIn | null; errors: KeyFormErrors } {
  const name = values.name.trim();
  const errors: KeyFormErrors = {};
  if (!name) errors.name = m.nameRequired;
  else if (name.length > NAME_MAX) errors.name = m.nameTooLong;
  if (Object.keys(errors).length) return { body: null, errors };
  const expires_at = values.expiry ? new Date(now.getTime() + Number(values.expiry) * DAY_MS).toISOString() : null;
  return { body: { name, expires_at }, errors };
}

/** Whether a key may still be revoked (a revoked one cannot; an expired one can, to say it for good). */
export function isRevocable(status: string): boolean {
  return status !== 'revoked';
}
