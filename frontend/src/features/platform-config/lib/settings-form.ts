import type { MessageDescriptor } from 'react-intl';

import type { PlatformSettings, PlatformSettingsIn } from '@/api/types';
import { formatAmountInput, parseAmount } from '@/lib/amount-input';

import { configMessages as m } from '../messages';

export const LIMIT_FIELDS = ['max_payout_amount', 'max_daily_payouts_per_client', 'night_pix_person_limit'] as const;
export const TIME_FIELDS = ['night_starts_at', 'night_ends_at', 'ted_opens_at', 'ted_cutoff_at'] as const;
export type SettingsField = (typeof LIMIT_FIELDS)[number] | (typeof TIME_FIELDS)[number];
export type SettingsValues = Record<SettingsField, string>;
export type SettingsErrors = Partial<Record<SettingsField, MessageDescriptor>>;

const MAX_CENTS = 9_999_999_999;
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The form's text of each setting (money in the locale's notation; empty: no limit / none). */
export function settingsValues(settings: PlatformSettings, locale: string): SettingsValues {
  const amount = (cents: number | null) => (cents === null ? '' : formatAmountInput(cents, locale));
  return {
    max_payout_amount: amount(settings.max_payout_amount),
    max_daily_payouts_per_client: amount(settings.max_daily_payouts_per_client),
    night_pix_person_limit: amount(settings.night_pix_person_limit),
    night_starts_at: settings.night_starts_at,
    night_ends_at: settings.night_ends_at,
    ted_opens_at: settings.ted_opens_at ?? '',
    ted_cutoff_at: settings.ted_cutoff_at ?? '',
  };
}

/** The body to send, or the errors of the fields (the same rules the API applies). */
export function checkSettings(values: SettingsValues, current: PlatformSettings, locale: string): { body: PlatformSettingsIn | null; errors: SettingsErrors } {
  const errors: SettingsErrors = {};
  const limits: Partial<Record<(typeof LIMIT_FIELDS)[number], number | null>> = {};
  for (const field of LIMIT_FIELDS) {
    const text = values[field].trim();
    if (!text) {
      limits[field] = null;
      continue;
    }
    const parsed = parseAmount(text, locale);
    const lowest = field === 'night_pix_person_limit' ? 0 : 1;
    if (!parsed.ok || parsed.cents < lowest || parsed.cents > MAX_CENTS) errors[field] = m.outOfRange;
    else limits[field] = parsed.cents;
  }
  for (const field of TIME_FIELDS) {
    const text = values[field].trim();
    const optional = field === 'ted_opens_at' || field === 'ted_cutoff_at';
    if ((text || !optional) && !HHMM.test(text)) errors[field] = m.timeInvalid;
  }
  if (!errors.night_ends_at && values.night_starts_at === values.night_ends_at) errors.night_ends_at = m.sameAsStart;
  const opens = values.ted_opens_at.trim();
  const cutoff = values.ted_cutoff_at.trim();
  if (!errors.ted_opens_at && !errors.ted_cutoff_at) {
    if (Boolean(opens) !== Boolean(cutoff)) errors[opens ? 'ted_cutoff_at' : 'ted_opens_at'] = m.bothOrNeither;
    else if (opens && cutoff && opens >= cutoff) errors.ted_cutoff_at = m.cutoffBeforeOpening;
  }
  if (Object.keys(errors).length) return { body: null, errors };
  return {
    body: {
      max_payout_amount: limits.max_payout_amount ?? null,
      max_daily_payouts_per_client: limits.max_daily_payouts_per_client ?? null,
      night_pix_person_limit: limits.night_pix_person_limit ?? null,
      night_starts_at: values.night_starts_at,
      night_ends_at: values.night_ends_at,
      ted_opens_at: opens || null,
      ted_cutoff_at: cutoff || null,
      maintenance_banner: current.maintenance_banner,
      payouts_require_kyc: current.payouts_require_kyc,
    },
    errors,
  };
}

/** The body that keeps every setting and sets the banner. */
export function withBanner(current: PlatformSettings, banner: string): PlatformSettingsIn {
  const { max_payout_amount, max_daily_payouts_per_client, night_pix_person_limit, night_starts_at, night_ends_at, ted_opens_at, ted_cutoff_at } = current;
  return { max_payout_amount, max_daily_payouts_per_client, night_pix_person_limit, night_starts_at, night_ends_at, ted_opens_at, ted_cutoff_at, maintenance_banner: banner, payouts_require_kyc: current.payouts_require_kyc };
}

/** The body that keeps every setting and turns "payouts require approved KYC" on or off. */
export function withKycRequired(current: PlatformSettings, on: boolean): PlatformSettingsIn {
  return { ...withBanner(current, current.maintenance_banner), payouts_require_kyc: on };
}

/** A server field code in words (the API's own codes for these fields). */
export const SERVER_CODES: Record<string, MessageDescriptor> = {
  amount_out_of_range: m.outOfRange,
  same_as_start: m.sameAsStart,
  both_or_neither: m.bothOrNeither,
  cutoff_before_opening: m.cutoffBeforeOpening,
};
