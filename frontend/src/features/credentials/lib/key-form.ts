import type { MessageDescriptor } from 'react-intl';

import type { ApiKeyIn } from '@/api/types';

import { credentialsMessages as m } from '../messages';

/** Expiry choices of the "Create key" dialog, in days ('' = never expires). */
export const EXPIRY_CHOICES = ['', '30', '90', '365'] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

/** Overlap choices of the "Rotate key" dialog, in hours: how long the current secret keeps working. */
export const OVERLAP_CHOICES = ['0', '1', '24', '168'] as const;
export type OverlapChoice = (typeof OVERLAP_CHOICES)[number];

export const SCOPE_CHOICES = ['full', 'read_only'] as const;
export type ScopeChoice = (typeof SCOPE_CHOICES)[number];

/** `allowedIps`: CIDRs or addresses separated by commas, spaces or new lines ('' = any address). */
export type KeyFormValues = { name: string; expiry: ExpiryChoice; scope?: ScopeChoice; allowedIps?: string };
export type KeyFormErrors = Partial<Record<keyof KeyFormValues, MessageDescriptor>>;

const IPV4 = /^(\d{1,3})(\.\d{1,3}){3}(\/\d{1,2})?$/;
const IPV6 = /^[0-9a-f:.]*:[0-9a-f:.]*(\/\d{1,3})?$/i;

/** The entries of the allow-list field; the server checks each exactly (invalid_cidr). */
export function parseAllowedIps(text: string): string[] {
  return text.split(/[\s,;]+/).filter(Boolean);
}

/** A quick check before sending (the server's is the exact one). */
export function looksLikeCidr(value: string): boolean {
  if (IPV4.test(value)) {
    const [address, bits] = value.split('/');
    return address!.split('.').every((part) => Number(part) <= 255) && (bits === undefined || Number(bits) <= 32);
  }
  return IPV6.test(value);
}

export const NAME_MAX = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The body of POST /api/credentials/keys, or the errors to show. `now` is injectable for tests. */
export function validateKeyForm(values: KeyFormValues, now: Date = new Date()): { body: ApiKeyIn | null; errors: KeyFormErrors } {
  const name = values.name.trim();
  const errors: KeyFormErrors = {};
  if (!name) errors.name = m.nameRequired;
  else if (name.length > NAME_MAX) errors.name = m.nameTooLong;
  const allowed_ips = parseAllowedIps(values.allowedIps ?? '');
  if (!allowed_ips.every(looksLikeCidr)) errors.allowedIps = m.ipsInvalid;
  if (Object.keys(errors).length) return { body: null, errors };
  const expires_at = values.expiry ? new Date(now.getTime() + Number(values.expiry) * DAY_MS).toISOString() : null;
  return { body: { name, expires_at, scope: values.scope ?? 'full', allowed_ips }, errors };
}

/** Whether a key may still be revoked (a revoked one cannot; an expired one can, to say it for good). */
/** Only an active key rotates (the server answers api_key_not_active otherwise). */
export function isRotatable(status: string): boolean {
  return status === 'active';
}

export function isRevocable(status: string): boolean {
  return status !== 'revoked';
}
