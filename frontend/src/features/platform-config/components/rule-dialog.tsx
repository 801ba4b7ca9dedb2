import { useState } from 'react';
import { useIntl } from 'react-intl';

import type { ComplianceRule, VisibleTenant } from '@/api/types';
import { appToaster } from '@/components/app-toaster';
import { FormDialog } from '@/components/kit/form-dialog';
import { MoneyField, SelectField, useCheckAmount } from '@/components/kit/form-fields';
import { serverErrors } from '@/components/kit/server-errors';
import { commonMessages } from '@/i18n/messages';
import { formatAmountInput } from '@/lib/amount-input';
import { money } from '@/lib/format';

import { useSetComplianceRule } from '../api/compliance-rules';
import { configMessages as m } from '../messages';

type Field = 'client' | 'currency' | 'upTo';
const FIELD_MAP: Record<string, Field> = { slug: 'client', currency: 'currency', auto_approve_up_to: 'upTo' };

/** The rule being set: a client and currency (fixed when changing a row). */
export type RuleTarget = { slug: string; currency: string; locked: boolean };

/** Set a client's auto-approval threshold: the form, then a review with before and after. */
export function RuleDialog({ target, rules, clients, onClose }: { target: RuleTarget; rules: ComplianceRule[]; clients: VisibleTenant[] | undefined; onClose: () => void }) {
  const intl = useIntl();
  const save = useSetComplianceRule();
  const checkAmount = useCheckAmount();
  const find = (slug: string, currency: string) => rules.find((rule) => rule.client.slug === slug && rule.currency === currency);
  const [slug, setSlug] = useState(target.slug);
  const [currency, setCurrency] = useState(target.currency);
  const [upTo, setUpTo] = useState(() => formatAmountInput(find(target.slug, target.currency)?.auto_approve_up_to ?? 0, intl.locale));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [cents, setCents] = useState<number | null>(null);
  const client = clients?.find((item) => item.slug === slug);
  const name = client?.name ?? find(slug, currency)?.client.name ?? slug;
  const currencies = client?.currencies?.length ? client.currencies : ['BRL', 'USD'];
  const before = find(slug, currency);

  const validate = () => {
    const found: Partial<Record<Field, string>> = {};
    if (!slug) found.client = intl.formatMessage(m.clientRequired);
    const amount = checkAmount(upTo, { allowZero: true });
    if (amount.error) found.upTo = amount.error;
    setErrors(found);
    setGeneral(null);
    setCents(amount.cents);
    return Object.keys(found).length === 0;
  };

  return (
    <FormDialog
      title={intl.formatMessage(m.rulesTitle)}
      submitText={intl.formatMessage(m.review)}
      cancelText={intl.formatMessage(m.cancel)}
      errorTitle={intl.formatMessage(m.saveFailed)}
      error={general}
      invalid={Object.keys(errors).length > 0}
      pending={save.isPending}
      validate={validate}
      confirmation={
        cents === null
          ? null
          : {
              title: intl.formatMessage(m.ruleConfirmTitle),
              description: intl.formatMessage(m.ruleConfirmText, { client: name }),
              summary: [
                { label: intl.formatMessage(m.client), value: `${name} · ${currency}` },
                { label: intl.formatMessage(m.colUpTo), value: intl.formatMessage(m.change, { before: before ? money(before.auto_approve_up_to, currency, intl.locale) : intl.formatMessage(m.noRule), after: money(cents, currency, intl.locale) }) },
              ],
              confirmText: intl.formatMessage(m.save),
              confirmPalette: 'orange',
              backText: intl.formatMessage(m.back),
            }
      }
      onSubmit={() => {
        if (cents === null) return;
        save.mutate(
          { slug, body: { currency: currency as 'BRL' | 'USD', auto_approve_up_to: cents } },
          {
            onSuccess: () => {
              appToaster.create({ type: 'success', title: intl.formatMessage(m.ruleSaved) });
              onClose();
            },
            onError: (error) => {
              const split = serverErrors(error, FIELD_MAP, {
                translate: (code) => (code === 'currency_not_enabled' ? intl.formatMessage(m.currencyNotEnabled) : undefined),
                fallback: intl.formatMessage(commonMessages.tryAgainLater),
              });
              setErrors(split.fields);
              setGeneral(split.general);
            },
          },
        );
      }}
      onClose={onClose}
    >
      <SelectField
        label={intl.formatMessage(m.client)}
        required
        disabled={target.locked}
        placeholder={intl.formatMessage(m.chooseClient)}
        value={slug}
        onChange={(value) => {
          setSlug(value);
          setErrors(({ client: _, ...rest }) => rest);
        }}
        error={errors.client}
        options={[...(clients ?? []).map((item) => ({ value: item.slug, label: item.name })), ...(slug && !client ? [{ value: slug, label: name }] : [])]}
      />
      <SelectField
        label={intl.formatMessage(m.currency)}
        required
        disabled={target.locked}
        value={currency}
        onChange={(value) => {
          setCurrency(value);
          setErrors(({ currency: _, ...rest }) => rest);
        }}
        error={errors.currency}
        options={[...new Set([...currencies, currency])].map((code) => ({ value: code, label: code }))}
      />
      <MoneyField
        label={intl.formatMessage(m.upTo)}
        required
        value={upTo}
        onChange={(value) => {
          setUpTo(value);
          setErrors(({ upTo: _, ...rest }) => rest);
        }}
        error={errors.upTo}
        helper={intl.formatMessage(m.upToHint)}
      />
    </FormDialog>
  );
}
