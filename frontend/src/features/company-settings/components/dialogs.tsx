import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useIntl } from 'react-intl';

import type { CompanySettings, CompanySettingsIn } from '@/api/types';
import { appToaster } from '@/components/app-toaster';
import { FormDialog } from '@/components/kit/form-dialog';
import { MoneyField, TextField, useCheckAmount } from '@/components/kit/form-fields';
import { serverErrors } from '@/components/kit/server-errors';
import { commonMessages } from '@/i18n/messages';
import { formatAmountInput } from '@/lib/amount-input';
import { formatDocument } from '@/lib/documents';
import { money } from '@/lib/format';

import { useSaveCompanySettings } from '../api/company-settings';
import { PROFILE_FIELDS, type ProfileField, emailList, looksLikeEmail } from '../lib/settings-form';
import { SERVER_CODES, companyMessages as m } from '../messages';

type Close = { current: CompanySettings; onClose: () => void };

function useServerErrors<K extends string>(fieldMap: Readonly<Record<string, K>>) {
  const intl = useIntl();
  return (error: unknown) =>
    serverErrors(error, fieldMap, {
      translate: (code) => (Object.hasOwn(SERVER_CODES, code) ? intl.formatMessage(SERVER_CODES[code]!) : undefined),
      fallback: intl.formatMessage(commonMessages.tryAgainLater),
    });
}

const PROFILE_MAP = Object.fromEntries(PROFILE_FIELDS.map((field) => [field, field])) as Record<string, ProfileField>;

/** The profile: names, phone and address (the CNPJ is shown, never sent). */
export function ProfileDialog({ current, onClose }: Close) {
  const intl = useIntl();
  const save = useSaveCompanySettings();
  const toErrors = useServerErrors(PROFILE_MAP);
  const [values, setValues] = useState<Record<ProfileField, string>>(() => Object.fromEntries(PROFILE_FIELDS.map((field) => [field, current[field]])) as Record<ProfileField, string>);
  const [fields, setFields] = useState<Partial<Record<ProfileField, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);

  const change = (field: ProfileField, value: string) => {
    setValues((before) => ({ ...before, [field]: value }));
    setFields(({ [field]: _, ...rest }) => rest);
  };
  const submit = () => {
    const body: CompanySettingsIn = {};
    for (const field of PROFILE_FIELDS) if (values[field] !== current[field]) body[field] = values[field];
    save.mutate(body, {
      onSuccess: () => {
        appToaster.create({ type: 'success', title: intl.formatMessage(m.saved) });
        onClose();
      },
      onError: (error) => {
        const split = toErrors(error);
        setFields(split.fields);
        setGeneral(split.general);
      },
    });
  };
  const text = (field: ProfileField, label: keyof typeof m, extra: { maxLength?: number; required?: boolean } = {}) => (
    <TextField key={field} label={intl.formatMessage(m[label])} name={field} value={values[field]} onChange={(value) => change(field, value)} error={fields[field]} {...extra} />
  );
  return (
    <FormDialog
      title={intl.formatMessage(m.editProfile)}
      submitText={intl.formatMessage(m.save)}
      cancelText={intl.formatMessage(m.cancel)}
      errorTitle={intl.formatMessage(m.saveFailed)}
      error={general}
      invalid={Object.keys(fields).length > 0}
      pending={save.isPending}
      onSubmit={submit}
      onClose={onClose}
      size="lg"
    >
      {text('legal_name', 'legalName', { maxLength: 200 })}
      {text('trade_name', 'tradeName', { maxLength: 200 })}
      <TextField label={intl.formatMessage(m.cnpj)} name="cnpj" value={formatDocument(current.cnpj) || intl.formatMessage(m.notSet)} onChange={() => undefined} disabled />
      {text('phone', 'phone', { maxLength: 20 })}
      <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
        {text('street', 'street', { maxLength: 200 })}
        {text('number', 'number', { maxLength: 20 })}
      </Stack>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
        {text('complement', 'complement', { maxLength: 100 })}
        {text('neighborhood', 'neighborhood', { maxLength: 100 })}
      </Stack>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
        {text('city', 'city', { maxLength: 100 })}
        {text('state', 'state', { maxLength: 2 })}
        {text('zipcode', 'zipcode', { maxLength: 9 })}
      </Stack>
    </FormDialog>
  );
}

/** The notification e-mails, one per line. */
export function EmailsDialog({ current, onClose }: Close) {
  const intl = useIntl();
  const save = useSaveCompanySettings();
  const toErrors = useServerErrors({ notification_emails: 'emails' } as const);
  const [value, setValue] = useState(current.notification_emails.join('\n'));
  const [error, setError] = useState<string | null>(null);
  const [general, setGeneral] = useState<string | null>(null);

  const validate = () => {
    const emails = emailList(value);
    const problem = emails.some((email) => !looksLikeEmail(email)) ? m.invalidEmail : emails.length > 10 ? m.tooManyEmails : null;
    setError(problem ? intl.formatMessage(problem) : null);
    setGeneral(null);
    return !problem;
  };
  const submit = () => {
    save.mutate(
      { notification_emails: emailList(value) },
      {
        onSuccess: () => {
          appToaster.create({ type: 'success', title: intl.formatMessage(m.saved) });
          onClose();
        },
        onError: (failure) => {
          const split = toErrors(failure);
          setError(split.fields.emails ?? null);
          setGeneral(split.general);
        },
      },
    );
  };
  return (
    <FormDialog
      title={intl.formatMessage(m.editEmails)}
      submitText={intl.formatMessage(m.save)}
      cancelText={intl.formatMessage(m.cancel)}
      errorTitle={intl.formatMessage(m.saveFailed)}
      error={general}
      invalid={Boolean(error)}
      pending={save.isPending}
      validate={validate}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField label={intl.formatMessage(m.emails)} name="notification_emails" multiline value={value} onChange={(text) => { setValue(text); setError(null); }} error={error} helper={intl.formatMessage(m.emailsText)} />
    </FormDialog>
  );
}

/** The company's own payout approval threshold: the form, then a review before and after. */
export function ThresholdDialog({ current, onClose }: Close) {
  const intl = useIntl();
  const save = useSaveCompanySettings();
  const checkAmount = useCheckAmount();
  const toErrors = useServerErrors({ payout_approval_threshold: 'threshold' } as const);
  const [value, setValue] = useState(current.payout_approval_threshold === null ? '' : formatAmountInput(current.payout_approval_threshold, intl.locale));
  const [error, setError] = useState<string | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const [review, setReview] = useState<{ cents: number | null } | null>(null);
  const words = (cents: number | null) => (cents === null ? intl.formatMessage(m.noThreshold) : money(cents, current.threshold_currency, intl.locale));
  const limit = current.platform_payout_limit;

  const validate = () => {
    setGeneral(null);
    if (!value.trim()) {
      setError(null);
      setReview({ cents: null });
      return true;
    }
    const checked = checkAmount(value, { allowZero: true });
    if (checked.cents === null) {
      setError(checked.error);
      setReview(null);
      return false;
    }
    setError(null);
    setReview({ cents: checked.cents });
    return true;
  };
  const submit = () => {
    if (!review) return;
    save.mutate(
      { payout_approval_threshold: review.cents },
      {
        onSuccess: () => {
          appToaster.create({ type: 'success', title: intl.formatMessage(m.saved) });
          onClose();
        },
        onError: (failure) => {
          const split = toErrors(failure);
          setError(split.fields.threshold ?? null);
          setGeneral(split.general);
        },
      },
    );
  };
  return (
    <FormDialog
      title={intl.formatMessage(m.editThreshold)}
      submitText={intl.formatMessage(m.review)}
      cancelText={intl.formatMessage(m.cancel)}
      errorTitle={intl.formatMessage(m.saveFailed)}
      error={general}
      invalid={Boolean(error)}
      pending={save.isPending}
      validate={validate}
      onSubmit={submit}
      onClose={onClose}
      confirmation={
        review && {
          title: intl.formatMessage(m.confirmThresholdTitle),
          description: intl.formatMessage(m.confirmThresholdText),
          summary: [{ label: intl.formatMessage(m.threshold), value: <span data-testid="change-threshold">{intl.formatMessage(m.change, { before: words(current.payout_approval_threshold), after: words(review.cents) })}</span> }],
          confirmText: intl.formatMessage(m.save),
          confirmPalette: 'orange',
          backText: intl.formatMessage(m.back),
        }
      }
    >
      <MoneyField
        label={intl.formatMessage(m.threshold)}
        value={value}
        onChange={(text) => {
          setValue(text);
          setError(null);
        }}
        error={error}
        helper={limit === null ? intl.formatMessage(m.thresholdHelperNoLimit) : intl.formatMessage(m.thresholdHelper, { limit: money(limit, current.threshold_currency, intl.locale) })}
        currencySymbol="R$"
      />
    </FormDialog>
  );
}
