import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';

import type { PlatformSettings, PlatformSettingsIn } from '@/api/types';
import { appToaster } from '@/components/app-toaster';
import { type FormConfirmation, FormDialog } from '@/components/kit/form-dialog';
import { MoneyField, TextField } from '@/components/kit/form-fields';
import { serverErrors } from '@/components/kit/server-errors';
import { commonMessages } from '@/i18n/messages';
import { formatClockTime, money } from '@/lib/format';

import { useSavePlatformSettings } from '../api/platform-settings';
import { LIMIT_FIELDS, type SettingsErrors, type SettingsField, type SettingsValues, SERVER_CODES, TIME_FIELDS, checkSettings, settingsValues } from '../lib/settings-form';
import { configMessages as m } from '../messages';

export const FIELD_LABELS = {
  max_payout_amount: m.maxPayout,
  max_daily_payouts_per_client: m.maxDaily,
  night_pix_person_limit: m.nightLimit,
  night_starts_at: m.nightStarts,
  night_ends_at: m.nightEnds,
  ted_opens_at: m.tedOpens,
  ted_cutoff_at: m.tedCutoff,
} as const;

const FIELD_MAP = Object.fromEntries([...LIMIT_FIELDS, ...TIME_FIELDS].map((field) => [field, field])) as Record<string, SettingsField>;

/** A setting's value in words: money in the locale, a time, or "no limit" / "any time". */
export function settingText(intl: IntlShape, field: SettingsField, value: number | string | null): string {
  if (value === null || value === '') return intl.formatMessage((LIMIT_FIELDS as readonly string[]).includes(field) ? m.noLimit : m.anyTime);
  return typeof value === 'number' ? money(value, 'BRL', intl.locale) : formatClockTime(value, intl.locale);
}

function confirmation(intl: IntlShape, current: PlatformSettings, body: PlatformSettingsIn): FormConfirmation {
  const changed = [...LIMIT_FIELDS, ...TIME_FIELDS].filter((field) => current[field] !== body[field]);
  return {
    title: intl.formatMessage(m.confirmLimitsTitle),
    description: intl.formatMessage(m.confirmLimitsText),
    summary: changed.length
      ? changed.map((field) => ({
          label: intl.formatMessage(FIELD_LABELS[field]),
          value: <span data-testid={`change-${field}`}>{intl.formatMessage(m.change, { before: settingText(intl, field, current[field]), after: settingText(intl, field, body[field]) })}</span>,
        }))
      : [{ label: intl.formatMessage(m.nothingChanged), value: '—' }],
    confirmText: intl.formatMessage(m.save),
    confirmPalette: 'orange',
    backText: intl.formatMessage(m.back),
  };
}

/** Change the limits and hours: the form, then a review of each change before and after. */
export function LimitsDialog({ current, onClose }: { current: PlatformSettings; onClose: () => void }) {
  const intl = useIntl();
  const save = useSavePlatformSettings();
  const [values, setValues] = useState<SettingsValues>(() => settingsValues(current, intl.locale));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [serverFields, setServerFields] = useState<Partial<Record<SettingsField, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [review, setReview] = useState<PlatformSettingsIn | null>(null);

  const change = (field: SettingsField, value: string) => {
    setValues((before) => ({ ...before, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
    setServerFields(({ [field]: _, ...rest }) => rest);
  };
  const errorText = (field: SettingsField) => serverFields[field] ?? (errors[field] ? intl.formatMessage(errors[field]) : undefined);

  const validate = () => {
    const checked = checkSettings(values, current, intl.locale);
    setErrors(checked.errors);
    setServerFields({});
    setGeneral(null);
    setReview(checked.body);
    return Boolean(checked.body);
  };

  const submit = () => {
    if (!review) return;
    save.mutate(review, {
      onSuccess: () => {
        appToaster.create({ type: 'success', title: intl.formatMessage(m.saved) });
        onClose();
      },
      onError: (error) => {
        const split = serverErrors(error, FIELD_MAP, {
          translate: (code) => (Object.hasOwn(SERVER_CODES, code) ? intl.formatMessage(SERVER_CODES[code]!) : undefined),
          fallback: intl.formatMessage(commonMessages.tryAgainLater),
        });
        setServerFields(split.fields);
        setGeneral(split.general);
      },
    });
  };

  const moneyField = (field: (typeof LIMIT_FIELDS)[number], helper: string) => (
    <MoneyField key={field} label={intl.formatMessage(FIELD_LABELS[field])} value={values[field]} onChange={(value) => change(field, value)} error={errorText(field)} helper={helper} currencySymbol="R$" />
  );
  const timeField = (field: (typeof TIME_FIELDS)[number], helper?: string) => (
    <TextField key={field} label={intl.formatMessage(FIELD_LABELS[field])} type="time" name={field} value={values[field]} onChange={(value) => change(field, value)} error={errorText(field)} helper={helper} />
  );

  return (
    <FormDialog
      title={intl.formatMessage(m.editLimits)}
      submitText={intl.formatMessage(m.review)}
      cancelText={intl.formatMessage(m.cancel)}
      errorTitle={intl.formatMessage(m.saveFailed)}
      error={general}
      invalid={Object.keys(serverFields).length > 0}
      pending={save.isPending}
      validate={validate}
      onSubmit={submit}
      onClose={onClose}
      confirmation={review && confirmation(intl, current, review)}
      size="lg"
    >
      {moneyField('max_payout_amount', intl.formatMessage(m.emptyIsNoLimit))}
      {moneyField('max_daily_payouts_per_client', intl.formatMessage(m.emptyIsNoLimit))}
      {moneyField('night_pix_person_limit', intl.formatMessage(m.nightHint))}
      <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
        {timeField('night_starts_at')}
        {timeField('night_ends_at')}
      </Stack>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
        {timeField('ted_opens_at', intl.formatMessage(m.tedHint))}
        {timeField('ted_cutoff_at')}
      </Stack>
    </FormDialog>
  );
}
