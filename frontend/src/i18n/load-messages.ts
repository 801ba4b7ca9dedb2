import { TRANSLATION_RETRY } from '@/config/constants';
import { type RetryOptions, retryWithBackoff } from '@/lib/retry';

import enUrl from './en.json?url';
import ptBR from './pt-BR.json';
import type { Locale } from './locales';

export type Messages = Record<string, string>;

/** The default locale ships in the main bundle; the other one is fetched when chosen. */
export const BUNDLED_MESSAGES: Partial<Record<Locale, Messages>> = { 'pt-BR': ptBR };

async function fetchCatalog(url: string): Promise<Messages> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`catalog ${url}: HTTP ${response.status}`);
  return (await response.json()) as Messages;
}

const LOADERS: Record<Locale, () => Promise<Messages>> = {
  'pt-BR': async () => ptBR,
  en: () => fetchCatalog(enUrl),
};

/** Loads a locale's catalog, retrying up to 5 times from 350 ms, doubling (spec §9). */
export function loadMessages(
  locale: Locale,
  loader: () => Promise<Messages> = LOADERS[locale],
  options: Partial<RetryOptions> = {},
): Promise<Messages> {
  return retryWithBackoff(loader, { ...TRANSLATION_RETRY, ...options });
}
