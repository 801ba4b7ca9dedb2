import { useState } from 'react';
import { useIntl } from 'react-intl';

import type { NoticeIn } from '@/api/types';
import { appToaster } from '@/components/app-toaster';
import { FormDialog } from '@/components/kit/form-dialog';
import { SelectField, TextField } from '@/components/kit/form-fields';
import { serverErrors } from '@/components/kit/server-errors';

import { usePublishNotice } from '../api/notices';
import { audienceMessages, errorMessages, levelMessages, noticesMessages as m } from '../messages';

const AUDIENCES = ['everyone', 'clients', 'partners', 'customers', 'staff'] as const;
const LEVELS = ['info', 'warning'] as const;
type Field = 'message_pt_br' | 'message_en' | 'starts_at' | 'ends_at';
type Values = { message_pt_br: string; message_en: string; audience: NoticeIn['audience']; level: (typeof LEVELS)[number]; starts_at: string; ends_at: string };
const FIELD_MAP: Record<string, Field> = {
  message_pt_br: 'message_pt_br',
  'body.payload.message_pt_br': 'message_pt_br',
  message_en: 'message_en',
  'body.payload.message_en': 'message_en',
  starts_at: 'starts_at',
  ends_at: 'ends_at',
};

/** A datetime-local value (the user's clock) as an instant, or null when empty. */
function instant(value: string): string | null {
  return value ? new Date(value).toISOString() : null;
}

/** Both languages, the audience and kind, an optional window; a review step says who will see it. */
export function NoticeFormDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const publish = usePublishNotice();
  const [values, setValues] = useState<Values>({ message_pt_br: '', message_en: '', audience: 'everyone', level: 'info', starts_at: '', ends_at: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const set = (patch: Partial<Values>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors({});
    setGeneral(null);
  };
  const validate = () => {
    const missing: Partial<Record<Field, string>> = {};
    if (!values.message_pt_br.trim()) missing.message_pt_br = intl.formatMessage(m.required);
    if (!values.message_en.trim()) missing.message_en = intl.formatMessage(m.required);
    setErrors(missing);
    return Object.keys(missing).length === 0;
  };
  const submit = () => {
    const body: NoticeIn = { ...values, starts_at: instant(values.starts_at), ends_at: instant(values.ends_at) };
    publish.mutate(body, {
      onSuccess: () => {
        appToaster.create({ type: 'success', title: intl.formatMessage(m.published) });
        onClose();
      },
      onError: (error) => {
        const found = serverErrors(error, FIELD_MAP, {
          fallback: intl.formatMessage(m.tryAgain),
          translate: (code) => (errorMessages[code] ? intl.formatMessage(errorMessages[code]) : undefined),
        });
        setErrors(found.fields);
        setGeneral(found.general);
      },
    });
  };
  const audience = intl.formatMessage(audienceMessages[values.audience]!);
  return (
    <FormDialog
      title={intl.formatMessage(m.formTitle)}
      description={intl.formatMessage(m.formText)}
      submitText={intl.formatMessage(m.publish)}
      cancelText={intl.formatMessage(m.cancel)}
      errorTitle={intl.formatMessage(m.failed)}
      error={general}
      invalid={Object.keys(errors).length > 0}
      pending={publish.isPending}
      validate={validate}
      onSubmit={submit}
      onClose={onClose}
      size="lg"
      confirmation={{
        title: intl.formatMessage(m.reviewTitle),
        description: intl.formatMessage(m.reviewText),
        confirmText: intl.formatMessage(m.publish),
        confirmPalette: 'blue',
        summary: [
          { label: intl.formatMessage(m.audience), value: audience },
          { label: intl.formatMessage(m.level), value: intl.formatMessage(levelMessages[values.level]!) },
          { label: intl.formatMessage(m.messagePt), value: values.message_pt_br },
          { label: intl.formatMessage(m.messageEn), value: values.message_en },
        ],
      }}
    >
      <TextField label={intl.formatMessage(m.messagePt)} required multiline maxLength={500} value={values.message_pt_br} onChange={(message_pt_br) => set({ message_pt_br })} error={errors.message_pt_br ?? null} />
      <TextField label={intl.formatMessage(m.messageEn)} required multiline maxLength={500} value={values.message_en} onChange={(message_en) => set({ message_en })} error={errors.message_en ?? null} />
      <SelectField
        label={intl.formatMessage(m.audience)}
        value={values.audience}
        onChange={(value) => set({ audience: value as Values['audience'] })}
        options={AUDIENCES.map((value) => ({ value, label: intl.formatMessage(audienceMessages[value]!) }))}
      />
      <SelectField
        label={intl.formatMessage(m.level)}
        value={values.level}
        onChange={(value) => set({ level: value as Values['level'] })}
        options={LEVELS.map((value) => ({ value, label: intl.formatMessage(levelMessages[value]!) }))}
      />
      <TextField label={intl.formatMessage(m.startsAt)} helper={intl.formatMessage(m.startsHelp)} type="datetime-local" value={values.starts_at} onChange={(starts_at) => set({ starts_at })} error={errors.starts_at ?? null} />
      <TextField label={intl.formatMessage(m.endsAt)} helper={intl.formatMessage(m.endsHelp)} type="datetime-local" value={values.ends_at} onChange={(ends_at) => set({ ends_at })} error={errors.ends_at ?? null} />
    </FormDialog>
  );
}
