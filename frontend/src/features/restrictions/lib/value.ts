import { validateDocument } from '@/lib/documents';

export const KINDS = ['document', 'pix_key', 'bank_account', 'email', 'phone'] as const;
export type Kind = (typeof KINDS)[number];
export const STATUSES = ['proposed', 'active', 'rejected', 'revoked', 'expired'] as const;

export type ValueError = 'required' | 'invalid_document' | 'invalid_email' | 'invalid_phone' | 'invalid_pix_key' | 'bank_agency_account';

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** E.164 as the server writes it: punctuation dropped, +55 added to a Brazilian number typed without it. */
export function normalizePhone(text: string): string | null {
  const digits = text.replace(/[\s().-]/g, '');
  const phone = digits.startsWith('+') ? digits : digits.length === 10 || digits.length === 11 ? `+55${digits}` : `+${digits}`;
  return /^\+[1-9]\d{7,14}$/.test(phone) ? phone : null;
}

/** What the server would refuse in `value` for `kind`, checked before the call (the server checks again). */
export function checkValue(kind: Kind, text: string): ValueError | null {
  const value = text.trim();
  if (!value) return 'required';
  switch (kind) {
    case 'document':
      return validateDocument(value).ok ? null : 'invalid_document';
    case 'email':
      return EMAIL.test(value) ? null : 'invalid_email';
    case 'phone':
      return normalizePhone(value) ? null : 'invalid_phone';
    case 'pix_key':
      if (value.includes('@')) return EMAIL.test(value) ? null : 'invalid_pix_key';
      if (value.startsWith('+')) return normalizePhone(value) ? null : 'invalid_pix_key';
      if (EVP.test(value)) return null;
      return validateDocument(value).ok ? null : 'invalid_pix_key';
    case 'bank_account': {
      const [bank = '', agency = '', account = '', ...rest] = value.split('/').map((part) => part.trim());
      return rest.length === 0 && /^\d{1,8}$/.test(bank) && /^\d{1,5}(-\w)?$/.test(agency) && /^[\dXx-]{1,22}$/.test(account) ? null : 'bank_agency_account';
    }
  }
}
