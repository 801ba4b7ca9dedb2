import type { MessageDescriptor } from 'react-intl';

import { clientFormMessages as m } from './messages';

export const CURRENCY_CHOICES = ['BRL', 'USD'] as const;
export type ClientFormValues = { name: string; slug: string; ownerEmail: string; currencies: string[] };
export type ClientField = keyof ClientFormValues;
export type ClientFormErrors = Partial<Record<ClientField, MessageDescriptor>>;
/** What both POST /api/admin/tenants and POST /api/partner/clients take for a new client. */
export type ClientBody = { name: string; slug: string; owner_email: string; currencies: string[] };

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,28}[a-z0-9])?$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The API's field names on the form's (a server field error lands on its field). */
export const API_FIELDS: Readonly<Record<string, ClientField>> = { name: 'name', slug: 'slug', owner_email: 'ownerEmail', currencies: 'currencies' };

/** A slug suggested from the company name: lower case, ASCII, hyphens, at most 30 characters. */
export function slugFrom(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30)
    .replace(/-+$/g, '');
}

/** The body of a new client, or the errors to show. */
export function validateClientForm(values: ClientFormValues): { body: ClientBody | null; errors: ClientFormErrors } {
  const errors: ClientFormErrors = {};
  const name = values.name.trim();
  const slug = values.slug.trim();
  const email = values.ownerEmail.trim();
  if (!name) errors.name = m.required;
  if (!SLUG.test(slug)) errors.slug = m.slugInvalid;
  if (!EMAIL.test(email)) errors.ownerEmail = m.emailInvalid;
  if (values.currencies.length === 0) errors.currencies = m.currencyRequired;
  if (Object.keys(errors).length) return { body: null, errors };
  return { body: { name, slug, owner_email: email, currencies: values.currencies }, errors };
}
