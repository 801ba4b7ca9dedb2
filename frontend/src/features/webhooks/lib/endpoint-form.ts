import type { MessageDescriptor } from 'react-intl';

import type { WebhookEndpointIn } from '@/api/types';

import { webhooksMessages as m } from '../messages';

export type EndpointFormValues = { url: string; events: string[] };
export type EndpointFormErrors = Partial<Record<keyof EndpointFormValues, MessageDescriptor>>;

export const URL_MAX = 500;

/** The body of POST /api/webhook-endpoints, or the errors to show (the server checks the address). */
export function validateEndpointForm(values: EndpointFormValues): { body: WebhookEndpointIn | null; errors: EndpointFormErrors } {
  const url = values.url.trim();
  const errors: EndpointFormErrors = {};
  if (!url) errors.url = m.urlRequired;
  else if (url.length > URL_MAX || !/^https?:\/\/[^\s/]+/i.test(url)) errors.url = m.urlInvalid;
  if (values.events.length === 0) errors.events = m.eventsRequired;
  if (Object.keys(errors).length) return { body: null, errors };
  return { body: { url, events: values.events }, errors };
}

/** Event types grouped by what they are about (deposit, payout, refund), in the API's order. */
export function groupEventTypes(types: string[]): [string, string[]][] {
  const groups = new Map<string, string[]>();
  for (const type of types) {
    const kind = type.split('.')[0] ?? type;
    groups.set(kind, [...(groups.get(kind) ?? []), type]);
  }
  return [...groups.entries()];
}
