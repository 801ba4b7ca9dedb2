import { Alert, Box, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';

import type { FeeRate, FeeRateIn, VisibleTenant } from '@/api/types';
import { appToaster } from '@/components/app-toaster';
import { type FormConfirmation, FormDialog } from '@/components/kit/form-dialog';
import { MoneyField, SelectField, TextField } from '@/components/kit/form-fields';
import { commonMessages } from '@/i18n/messages';
import { formatAmountInput } from '@/lib/amount-input';
import { isApiError } from '@/lib/api-client';
import { money } from '@/lib/format';

import { useSetFeeRate } from '../api/set-fee-rate';
import { currencySymbol, methodName, rateText, rateWithSource } from '../lib/display';
import { formatPercentInput } from '@/lib/percent';
import { type RateFormErrors, type RateFormField, type RateFormValues, MAX_FIXED, serverRateErrors, validateRateForm } from '../lib/rate-form';
import { CURRENCIES, EXAMPLE_AMOUNT, type MethodOption, computeFee, effectiveRate, isPayoutMethod } from '../lib/rates';
import { feeRatesMessages as m, sourceMessages } from '../messages';

/** What the dialog edits: a pair of a client (or "" for the platform), fixed when editing a row. */
export type RateTarget = { tenant: string; method: string; currency: string; locked: boolean };

type Props = {
  target: RateTarget;
  rates: FeeRate[];
  clients: VisibleTenant[] | undefined;
  methods: MethodOption[];
  nameOf: (slug: string) => string;
  onClose: () => void;
};

/**
 * Edit or create a fee rate in two steps: the form (percentage typed in the locale's notation and
 * parsed exactly into basis points, fixed amount with the shared money parser), then a confirmation
 * with the rate before and after, a sample fee, and whom it affects. Server field errors come back
 * to the form, translated.
 */
export function RateDialog({ target, rates, clients, methods, nameOf, onClose }: Props) {
  const intl = useIntl();
  const locale = intl.locale;
  const save = useSetFeeRate();
  const [values, setValues] = useState<RateFormValues>(() => {
    const find = (owner: string | null) => rates.find((r) => r.tenant === owner && r.method === target.method && r.currency === target.currency);
    // A client without a rate of its own starts from the platform default it pays today.
    const stored = find(target.tenant || null) ?? (target.tenant ? find(null) : undefined);
    return {
      tenant: target.tenant,
      method: target.method,
      currency: target.currency,
      percent: formatPercentInput(stored?.percent_bp ?? 0, locale),
      fixed: formatAmountInput(stored?.fixed ?? 0, locale),
    };
  });
  const [errors, setErrors] = useState<RateFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [review, setReview] = useState<FeeRateIn | null>(null);

  const offered = (code: string) => methods.find((method) => method.code === code)?.currencies;
  const currencies = (values.method && offered(values.method)) || [...CURRENCIES];
  const maxText = money(MAX_FIXED, values.currency || 'BRL', locale);
  const examples = { percent: formatPercentInput(199, locale), fixed: formatAmountInput(150, locale), max: maxText };
  const current = useMemo(
    () => (values.method && values.currency ? effectiveRate(rates, values.tenant || null, values.method, values.currency) : null),
    [rates, values.tenant, values.method, values.currency],
  );
  const scopeName = values.tenant ? nameOf(values.tenant) : intl.formatMessage(m.platform);

  const change = (field: RateFormField, value: string) => {
    setValues((before) => {
      const next = { ...before, [field]: value };
      // A method that does not collect in the chosen currency takes its first one.
      if (field === 'method') {
        const available = offered(value);
        if (available && !available.includes(next.currency)) next.currency = available[0] ?? '';
      }
      return next;
    });
    setErrors(({ [field]: _, ...rest }) => rest);
  };

  const validate = () => {
    const checked = validateRateForm(values, locale, examples, offered);
    setErrors(checked.errors);
    setServerError(null);
    setReview(checked.body ?? null);
    return Boolean(checked.body);
  };

  const confirm = () => {
    if (!review) return;
    save.mutate(review, {
      onSuccess: (rate) => {
        appToaster.create({
          type: 'success',
          title: intl.formatMessage(m.saved),
          description: intl.formatMessage(m.savedText, {
            method: methodName(intl, rate.method),
            currency: rate.currency,
            scope: scopeName,
            rate: rateText(intl, rate, rate.currency),
          }),
        });
        onClose();
      },
      onError: (error) => {
        // Back to the form, with the server's reasons on its fields.
        setErrors(serverRateErrors(isApiError(error) ? error.fields : null, { max: maxText }));
        setServerError(isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : intl.formatMessage(commonMessages.tryAgainLater));
      },
    });
  };

  const errorText = (field: RateFormField) => {
    const error = errors[field];
    return error ? intl.formatMessage(error.message, error.values) : undefined;
  };

  return (
    <FormDialog
      title={intl.formatMessage(target.locked ? m.formEdit : m.formNew)}
      submitText={intl.formatMessage(m.review)}
      cancelText={intl.formatMessage(m.cancel)}
      errorTitle={intl.formatMessage(m.saveFailed)}
      error={serverError}
      invalid
      pending={save.isPending}
      validate={validate}
      onSubmit={confirm}
      onClose={onClose}
      confirmation={review && rateConfirmation(intl, review, current, scopeName)}
    >
      <SelectField
        label={intl.formatMessage(m.scope)}
        disabled={target.locked}
        value={values.tenant}
        onChange={(value) => change('tenant', value)}
        error={errorText('tenant')}
        options={[
          { value: '', label: intl.formatMessage(m.platform) },
          ...(clients?.map((client) => ({ value: client.slug, label: client.name })) ?? []),
          ...(values.tenant && !clients?.some((client) => client.slug === values.tenant) ? [{ value: values.tenant, label: nameOf(values.tenant) }] : []),
        ]}
      />
      <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
        <Box flex="1">
          <SelectField
            label={intl.formatMessage(m.method)}
            required
            disabled={target.locked}
            placeholder={intl.formatMessage(m.chooseMethod)}
            value={values.method}
            onChange={(value) => change('method', value)}
            error={errorText('method')}
            options={[
              ...methods.map((method) => ({ value: method.code, label: methodName(intl, method.code) })),
              ...(values.method && !methods.some((method) => method.code === values.method) ? [{ value: values.method, label: values.method }] : []),
            ]}
          />
        </Box>
        <Box maxW={{ sm: '36' }}>
          <SelectField
            label={intl.formatMessage(m.currency)}
            required
            disabled={target.locked}
            value={values.currency}
            onChange={(value) => change('currency', value)}
            error={errorText('currency')}
            options={[...new Set([...currencies, ...(values.currency ? [values.currency] : [])])].map((currency) => ({ value: currency, label: currency }))}
          />
        </Box>
      </Stack>
      {current && (
        <Text color="fg.muted" fontSize="sm" data-testid="current-rate">
          {current.rate
            ? intl.formatMessage(m.now, {
                rate: rateText(intl, current.rate, values.currency),
                source: intl.formatMessage(sourceMessages[current.source]),
              })
            : intl.formatMessage(m.nowNone)}
        </Text>
      )}
      <TextField
        label={intl.formatMessage(m.percent)}
        required
        inputMode="decimal"
        autoComplete="off"
        value={values.percent}
        onChange={(value) => change('percent', value)}
        error={errorText('percent')}
        helper={intl.formatMessage(m.percentHint, { example: examples.percent })}
      />
      <MoneyField
        label={intl.formatMessage(m.fixed, { symbol: currencySymbol(values.currency || 'BRL', locale) })}
        required
        value={values.fixed}
        onChange={(value) => change('fixed', value)}
        error={errorText('fixed')}
        helper={intl.formatMessage(m.fixedHint, { example: examples.fixed })}
      />
    </FormDialog>
  );
}

/** Before and after, a sample fee, and who is affected: the last look before the rate changes. */
function rateConfirmation(intl: IntlShape, body: FeeRateIn, before: ReturnType<typeof effectiveRate> | null, scopeName: string): FormConfirmation {
  const { currency } = body;
  const method = methodName(intl, body.method);
  const client = Boolean(body.tenant);
  const payout = isPayoutMethod(body.method);
  const impact = payout ? (client ? m.impactPayout : m.impactPayoutPlatform) : client ? m.impactDeposit : m.impactDepositPlatform;
  const after = { percent_bp: body.percent_bp, fixed: body.fixed };
  return {
    title: intl.formatMessage(m.confirmTitle),
    description: `${scopeName} · ${method} · ${currency}`,
    summary: [
      { label: intl.formatMessage(m.before), value: <span data-testid="rate-before">{rateWithSource(intl, before?.rate, before?.source ?? 'none', currency)}</span> },
      { label: intl.formatMessage(m.after), value: <span data-testid="rate-after">{rateWithSource(intl, after, client ? 'client' : 'platform', currency)}</span> },
    ],
    extra: (
      <>
        <Text fontSize="sm">
          {intl.formatMessage(m.example, {
            amount: money(EXAMPLE_AMOUNT, currency, intl.locale),
            before: money(computeFee(EXAMPLE_AMOUNT, before?.rate), currency, intl.locale),
            after: money(computeFee(EXAMPLE_AMOUNT, after), currency, intl.locale),
          })}
        </Text>
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Description>{intl.formatMessage(impact, { client: scopeName, method, currency })}</Alert.Description>
        </Alert.Root>
      </>
    ),
    backText: intl.formatMessage(m.back),
    confirmText: intl.formatMessage(m.save),
  };
}
