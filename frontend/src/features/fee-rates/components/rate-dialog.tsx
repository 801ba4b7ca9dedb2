import { Alert, Box, Button, CloseButton, DataList, Dialog, Field, Input, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';

import type { FeeRate, FeeRateIn, VisibleTenant } from '@/api/types';
import { appToaster } from '@/components/app-toaster';
import { commonMessages } from '@/i18n/messages';
import { formatAmountInput } from '@/lib/amount-input';
import { isApiError } from '@/lib/api-client';
import { money } from '@/lib/format';

import { useSetFeeRate } from '../api/set-fee-rate';
import { currencySymbol, methodName, rateText, rateWithSource } from '../lib/display';
import { formatPercentInput } from '../lib/percent';
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

  const submitForm = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateRateForm(values, locale, examples, offered);
    setErrors(checked.errors);
    setServerError(null);
    if (checked.body) setReview(checked.body);
  };

  const confirm = () => {
    if (!review || save.isPending) return;
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
        setReview(null); // back to the form, with the server's reasons on its fields
        setErrors(serverRateErrors(isApiError(error) ? error.fields : null, { max: maxText }));
        setServerError(isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : intl.formatMessage(commonMessages.tryAgainLater));
      },
    });
  };

  const errorText = (field: RateFormField) => {
    const error = errors[field];
    return error ? intl.formatMessage(error.message, error.values) : undefined;
  };

  const title = intl.formatMessage(review ? m.confirmTitle : target.locked ? m.formEdit : m.formNew);
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} size={{ base: 'full', md: 'md' }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {review ? (
              <ConfirmStep
                title={title}
                body={review}
                before={current}
                scopeName={scopeName}
                pending={save.isPending}
                onBack={() => setReview(null)}
                onConfirm={confirm}
              />
            ) : (
              <form onSubmit={submitForm} noValidate aria-label={title} style={{ display: 'contents' }}>
                <Dialog.Header>
                  <Dialog.Title>{title}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap="4">
                    {serverError && (
                      <Alert.Root status="error" role="alert">
                        <Alert.Indicator />
                        <Alert.Content>
                          <Alert.Title>{intl.formatMessage(m.saveFailed)}</Alert.Title>
                          <Alert.Description>{serverError}</Alert.Description>
                        </Alert.Content>
                      </Alert.Root>
                    )}
                    <Field.Root invalid={Boolean(errors.tenant)} disabled={target.locked}>
                      <Field.Label>{intl.formatMessage(m.scope)}</Field.Label>
                      <NativeSelect.Root>
                        <NativeSelect.Field value={values.tenant} onChange={(e) => change('tenant', e.currentTarget.value)}>
                          <option value="">{intl.formatMessage(m.platform)}</option>
                          {clients?.map((client) => (
                            <option key={client.slug} value={client.slug}>
                              {client.name}
                            </option>
                          ))}
                          {values.tenant && !clients?.some((client) => client.slug === values.tenant) && <option value={values.tenant}>{nameOf(values.tenant)}</option>}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                      <Field.ErrorText>{errorText('tenant')}</Field.ErrorText>
                    </Field.Root>
                    <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
                      <Field.Root invalid={Boolean(errors.method)} disabled={target.locked} required>
                        <Field.Label>{intl.formatMessage(m.method)}</Field.Label>
                        <NativeSelect.Root>
                          <NativeSelect.Field value={values.method} onChange={(e) => change('method', e.currentTarget.value)}>
                            <option value="">{intl.formatMessage(m.chooseMethod)}</option>
                            {methods.map((method) => (
                              <option key={method.code} value={method.code}>
                                {methodName(intl, method.code)}
                              </option>
                            ))}
                            {values.method && !methods.some((method) => method.code === values.method) && <option value={values.method}>{values.method}</option>}
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>
                        <Field.ErrorText>{errorText('method')}</Field.ErrorText>
                      </Field.Root>
                      <Field.Root invalid={Boolean(errors.currency)} disabled={target.locked} required maxW={{ sm: '36' }}>
                        <Field.Label>{intl.formatMessage(m.currency)}</Field.Label>
                        <NativeSelect.Root>
                          <NativeSelect.Field value={values.currency} onChange={(e) => change('currency', e.currentTarget.value)}>
                            {[...new Set([...currencies, ...(values.currency ? [values.currency] : [])])].map((currency) => (
                              <option key={currency} value={currency}>
                                {currency}
                              </option>
                            ))}
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>
                        <Field.ErrorText>{errorText('currency')}</Field.ErrorText>
                      </Field.Root>
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
                    <Field.Root invalid={Boolean(errors.percent)} required>
                      <Field.Label>{intl.formatMessage(m.percent)}</Field.Label>
                      <Input inputMode="decimal" autoComplete="off" value={values.percent} onChange={(e) => change('percent', e.currentTarget.value)} />
                      {errors.percent ? (
                        <Field.ErrorText>{errorText('percent')}</Field.ErrorText>
                      ) : (
                        <Field.HelperText>{intl.formatMessage(m.percentHint, { example: examples.percent })}</Field.HelperText>
                      )}
                    </Field.Root>
                    <Field.Root invalid={Boolean(errors.fixed)} required>
                      <Field.Label>{intl.formatMessage(m.fixed, { symbol: currencySymbol(values.currency || 'BRL', locale) })}</Field.Label>
                      <Input inputMode="decimal" autoComplete="off" value={values.fixed} onChange={(e) => change('fixed', e.currentTarget.value)} />
                      {errors.fixed ? (
                        <Field.ErrorText>{errorText('fixed')}</Field.ErrorText>
                      ) : (
                        <Field.HelperText>{intl.formatMessage(m.fixedHint, { example: examples.fixed })}</Field.HelperText>
                      )}
                    </Field.Root>
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button type="button" variant="outline" onClick={onClose}>
                    {intl.formatMessage(m.cancel)}
                  </Button>
                  <Button type="submit" colorPalette="blue">
                    {intl.formatMessage(m.review)}
                  </Button>
                </Dialog.Footer>
              </form>
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage(commonMessages.close)} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

type ConfirmProps = {
  title: string;
  body: FeeRateIn;
  before: ReturnType<typeof effectiveRate> | null;
  scopeName: string;
  pending: boolean;
  onBack: () => void;
  onConfirm: () => void;
};

/** Before and after, a sample fee, and who is affected: the last look before the rate changes. */
function ConfirmStep({ title, body, before, scopeName, pending, onBack, onConfirm }: ConfirmProps) {
  const intl = useIntl();
  const { currency } = body;
  const method = methodName(intl, body.method);
  const client = Boolean(body.tenant);
  const payout = isPayoutMethod(body.method);
  const impact = payout ? (client ? m.impactPayout : m.impactPayoutPlatform) : client ? m.impactDeposit : m.impactDepositPlatform;
  const after = { percent_bp: body.percent_bp, fixed: body.fixed };
  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <Text fontWeight="medium">
            {scopeName} · {method} · {currency}
          </Text>
          <DataList.Root orientation="horizontal">
            <DataList.Item>
              <DataList.ItemLabel>{intl.formatMessage(m.before)}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="rate-before">{rateWithSource(intl, before?.rate, before?.source ?? 'none', currency)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{intl.formatMessage(m.after)}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="rate-after" fontWeight="semibold">
                {rateWithSource(intl, after, client ? 'client' : 'platform', currency)}
              </DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
          <Text fontSize="sm">
            {intl.formatMessage(m.example, {
              amount: money(EXAMPLE_AMOUNT, currency, intl.locale),
              before: money(computeFee(EXAMPLE_AMOUNT, before?.rate), currency, intl.locale),
              after: money(computeFee(EXAMPLE_AMOUNT, after), currency, intl.locale),
            })}
          </Text>
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Box>
              <Alert.Description>{intl.formatMessage(impact, { client: scopeName, method, currency })}</Alert.Description>
            </Box>
          </Alert.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button type="button" variant="outline" onClick={onBack} disabled={pending}>
          {intl.formatMessage(m.back)}
        </Button>
        <Button type="button" colorPalette="blue" loading={pending} onClick={onConfirm}>
          {intl.formatMessage(m.save)}
        </Button>
      </Dialog.Footer>
    </>
  );
}
