import { describe, expect, it } from 'vitest';

import type { PlatformSettings } from '@/api/types';

import { configMessages as m } from '../messages';
import { checkSettings, settingsValues, withBanner, withKycRequired } from './settings-form';

const current: PlatformSettings = {
  max_payout_amount: 150_000,
  max_daily_payouts_per_client: null,
  night_pix_person_limit: 100_000,
  night_starts_at: '20:00',
  night_ends_at: '06:00',
  ted_opens_at: null,
  ted_cutoff_at: null,
  maintenance_banner: 'Manutenção',
  payouts_require_kyc: true,
  currency: 'BRL',
  updated_at: null,
};

describe('platform settings form', () => {
  it('reads money in the locale and sends centavos, empty meaning no limit', () => {
    const values = settingsValues(current, 'pt-BR');
    expect(values.max_payout_amount).toBe('1.500,00');
    expect(values.max_daily_payouts_per_client).toBe('');
    const { body } = checkSettings({ ...values, max_daily_payouts_per_client: '2.000.000,00', ted_opens_at: '06:30', ted_cutoff_at: '17:00' }, current, 'pt-BR');
    expect(body).toEqual({
      max_payout_amount: 150_000,
      max_daily_payouts_per_client: 200_000_000,
      night_pix_person_limit: 100_000,
      night_starts_at: '20:00',
      night_ends_at: '06:00',
      ted_opens_at: '06:30',
      ted_cutoff_at: '17:00',
      maintenance_banner: 'Manutenção',
      payouts_require_kyc: true,
    });
    expect(checkSettings({ ...values, night_pix_person_limit: '0,00' }, current, 'pt-BR').body?.night_pix_person_limit).toBe(0);
  });

  it('refuses what the API would refuse, on the field', () => {
    const values = settingsValues(current, 'en');
    expect(checkSettings({ ...values, max_payout_amount: '0.00' }, current, 'en').errors).toEqual({ max_payout_amount: m.outOfRange });
    expect(checkSettings({ ...values, max_payout_amount: 'abc' }, current, 'en').errors).toEqual({ max_payout_amount: m.outOfRange });
    expect(checkSettings({ ...values, night_ends_at: '20:00' }, current, 'en').errors).toEqual({ night_ends_at: m.sameAsStart });
    expect(checkSettings({ ...values, night_starts_at: '25:00' }, current, 'en').errors).toEqual({ night_starts_at: m.timeInvalid });
    expect(checkSettings({ ...values, ted_cutoff_at: '17:00' }, current, 'en').errors).toEqual({ ted_opens_at: m.bothOrNeither });
    const reversed = checkSettings({ ...values, ted_opens_at: '17:00', ted_cutoff_at: '06:30' }, current, 'en');
    expect(reversed).toEqual({ body: null, errors: { ted_cutoff_at: m.cutoffBeforeOpening } });
  });

  it('keeps every other setting when only the banner changes', () => {
    expect(withBanner(current, '')).toEqual({ ...checkSettings(settingsValues(current, 'en'), current, 'en').body, maintenance_banner: '' });
  });

  it('keeps every other setting when only the KYC requirement changes (and the limits keep it)', () => {
    expect(withKycRequired(current, false)).toEqual({ ...withBanner(current, current.maintenance_banner), payouts_require_kyc: false });
    expect(withBanner(current, 'x').payouts_require_kyc).toBe(true);
  });
});
