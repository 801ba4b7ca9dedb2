import { Alert, Badge, Button, Checkbox, Fieldset, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type IntlShape, type MessageDescriptor, useIntl } from 'react-intl';

import type { PartnerClientDetail, PartnerClientFee } from '@/api/types';
import { appToaster } from '@/components/app-toaster';
import { DataGrid, DetailDrawer, type GridColumn } from '@/components/kit';
import { FormDialog } from '@/components/kit/form-dialog';
import { MoneyField, TextField, useCheckAmount } from '@/components/kit/form-fields';
import { serverErrors } from '@/components/kit/server-errors';
import { commonMessages } from '@/i18n/messages';
import { formatAmountInput } from '@/lib/amount-input';
import { isApiError } from '@/lib/api-client';
import { money } from '@/lib/format';
import { formatPercent, formatPercentInput, parsePercent } from '@/lib/percent';
import { FEATURES, type Feature, featureMessages, feeMethodMessages } from '@/lib/tenant-features';

import { getPartnerClientQueryOptions, useConfigurePartnerClient, useSetPartnerClientFee } from '../api/clients';
import { partnerClientsMessages as m } from '../messages';

const failure = (error: unknown, intl: IntlShape) => (isApiError(error) && error.status > 0 && error.status < 500 ? error.message : intl.formatMessage(commonMessages.tryAgainLater));
const methodName = (intl: IntlShape, code: string) => {
  const known: Record<string, MessageDescriptor> = feeMethodMessages;
  return known[code] ? intl.formatMessage(known[code]) : code;
};
const rateText = (intl: IntlShape, percentBp: number, fixed: number, currency: string) =>
  `${formatPercent(percentBp, intl.locale)} + ${money(fixed, currency, intl.locale)}`;

/** One client of the partner, in a drawer: its modules and toggles (those the platform allows the partner
 * can be changed) and its fee rates (each editable, no lower than the platform's floor for the partner). */
export function ClientDetailDrawer({ slug, name, onClose }: { slug: string; name: string; onClose: () => void }) {
  const intl = useIntl();
  const query = useQuery(getPartnerClientQueryOptions(slug));
  return (
    <DetailDrawer open title={intl.formatMessage(m.detailTitle, { name })} onClose={onClose} size="lg">
      {query.isError && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{failure(query.error, intl)}</Alert.Title>
        </Alert.Root>
      )}
      {query.data && (
        <Stack gap="8">
          <FeaturesForm key={`${query.data.modules.join()}|${query.data.feature_toggles.join()}`} detail={query.data} />
          <FeesSection detail={query.data} />
        </Stack>
      )}
    </DetailDrawer>
  );
}

function FeaturesForm({ detail }: { detail: PartnerClientDetail }) {
  const intl = useIntl();
  const configure = useConfigurePartnerClient(detail.slug);
  const [on, setOn] = useState<Set<string>>(() => new Set([...detail.modules, ...detail.feature_toggles]));
  const allowed = new Set([...detail.allowed_modules, ...detail.allowed_toggles]);
  const changed = FEATURES.some((f) => on.has(f.code) !== (f.kind === 'module' ? detail.modules : detail.feature_toggles).includes(f.code));
  const pick = (kind: Feature['kind']) => FEATURES.filter((f) => f.kind === kind && on.has(f.code)).map((f) => f.code);
  const save = () =>
    configure.mutate(
      { modules: pick('module'), feature_toggles: pick('toggle') },
      { onSuccess: () => appToaster.create({ type: 'success', title: intl.formatMessage(m.featuresSaved) }) },
    );
  return (
    <Fieldset.Root>
      <Fieldset.Legend>
        <Heading size="sm">{intl.formatMessage(m.featuresTitle)}</Heading>
      </Fieldset.Legend>
      <Fieldset.HelperText>{intl.formatMessage(m.featuresHint)}</Fieldset.HelperText>
      <Stack gap="2" mt="2">
        {FEATURES.map((feature) => (
          <Checkbox.Root
            key={feature.code}
            checked={on.has(feature.code)}
            disabled={!allowed.has(feature.code) || configure.isPending}
            onCheckedChange={(details) =>
              setOn((current) => {
                const next = new Set(current);
                if (details.checked) next.add(feature.code);
                else next.delete(feature.code);
                return next;
              })
            }
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>
              {intl.formatMessage(featureMessages[feature.code])}
              {!allowed.has(feature.code) && (
                <Text as="span" color="fg.muted" fontSize="xs" ms="2">
                  {intl.formatMessage(m.notAllowed)}
                </Text>
              )}
            </Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
      {configure.isError && (
        <Alert.Root status="error" mt="2">
          <Alert.Indicator />
          <Alert.Title>{failure(configure.error, intl)}</Alert.Title>
        </Alert.Root>
      )}
      <Button mt="3" size="sm" colorPalette="blue" alignSelf="start" disabled={!changed} loading={configure.isPending} onClick={save}>
        {intl.formatMessage(m.featuresSave)}
      </Button>
    </Fieldset.Root>
  );
}

function FeesSection({ detail }: { detail: PartnerClientDetail }) {
  const intl = useIntl();
  const [editing, setEditing] = useState<PartnerClientFee | null>(null);
  const columns: GridColumn<PartnerClientFee>[] = [
    { key: 'method', priority: 1, card: 'title', header: intl.formatMessage(m.feeMethod), cell: (row) => methodName(intl, row.method) },
    { key: 'currency', priority: 1, header: intl.formatMessage(m.feeCurrency), cell: (row) => row.currency },
    {
      key: 'rate',
      priority: 1,
      header: intl.formatMessage(m.feeRate),
      nowrap: true,
      cell: (row) => (
        <>
          {rateText(intl, row.percent_bp, row.fixed, row.currency)}{' '}
          <Badge variant="subtle" colorPalette={row.own ? 'blue' : 'gray'}>
            {intl.formatMessage(row.own ? m.feeOwn : m.feeDefault)}
          </Badge>
        </>
      ),
    },
    { key: 'floor', priority: 2, header: intl.formatMessage(m.feeFloor), nowrap: true, cell: (row) => rateText(intl, row.floor_percent_bp, row.floor_fixed, row.currency) },
    {
      key: 'actions',
      priority: 1,
      card: 'actions',
      header: intl.formatMessage(m.colActions),
      cell: (row) => (
        <Button size="xs" variant="outline" aria-label={intl.formatMessage(m.feeEditLabel, { method: methodName(intl, row.method), currency: row.currency })} onClick={() => setEditing(row)}>
          {intl.formatMessage(m.feeEdit)}
        </Button>
      ),
    },
  ];
  return (
    <Stack gap="2">
      <Heading size="sm">{intl.formatMessage(m.feesTitle)}</Heading>
      <Text color="fg.muted" fontSize="sm">
        {intl.formatMessage(m.feesHint)}
      </Text>
      <DataGrid caption={intl.formatMessage(m.feesTable)} columns={columns} rows={detail.fees} rowKey={(row) => `${row.method}:${row.currency}`} rowAttributes={(row) => ({ 'data-fee': `${row.method}:${row.currency}` })} />
      {editing && <FeeDialog slug={detail.slug} fee={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

type FeeField = 'percent' | 'fixed';

function FeeDialog({ slug, fee, onClose }: { slug: string; fee: PartnerClientFee; onClose: () => void }) {
  const intl = useIntl();
  const checkAmount = useCheckAmount();
  const setFee = useSetPartnerClientFee(slug);
  const [percent, setPercent] = useState(formatPercentInput(fee.percent_bp, intl.locale));
  const [fixed, setFixed] = useState(formatAmountInput(fee.fixed, intl.locale));
  const [errors, setErrors] = useState<Partial<Record<FeeField, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const floor = rateText(intl, fee.floor_percent_bp, fee.floor_fixed, fee.currency);
  const below = intl.formatMessage(m.belowFloor, { floor });
  const read = () => {
    const found: Partial<Record<FeeField, string>> = {};
    const parsed = parsePercent(percent, intl.locale);
    const amount = checkAmount(fixed, { allowZero: true });
    if (!parsed.ok) found.percent = intl.formatMessage(m.percentInvalid);
    else if (parsed.bp < fee.floor_percent_bp) found.percent = below;
    if (amount.cents === null) found.fixed = amount.error;
    else if (amount.cents < fee.floor_fixed) found.fixed = below;
    setErrors(found);
    setGeneral(null);
    return parsed.ok && amount.cents !== null && !found.percent && !found.fixed ? { percent_bp: parsed.bp, fixed: amount.cents } : null;
  };
  const submit = () => {
    const body = read();
    if (!body) return;
    setFee.mutate(
      { method: fee.method, currency: fee.currency, ...body },
      {
        onSuccess: () => {
          appToaster.create({ type: 'success', title: intl.formatMessage(m.feeSaved) });
          onClose();
        },
        onError: (error) => {
          const mapped = serverErrors(error, { percent_bp: 'percent', fixed: 'fixed' } as const, {
            translate: (code: string) => (code === 'below_floor' ? below : undefined),
            fallback: failure(error, intl),
          });
          setErrors(mapped.fields);
          setGeneral(mapped.general);
        },
      },
    );
  };
  return (
    <FormDialog
      title={intl.formatMessage(m.feeDialogTitle, { method: methodName(intl, fee.method), currency: fee.currency })}
      description={intl.formatMessage(m.feeDialogText, { floor })}
      submitText={intl.formatMessage(m.feeSave)}
      cancelText={intl.formatMessage(m.cancel)}
      validate={() => read() !== null}
      onSubmit={submit}
      onClose={onClose}
      pending={setFee.isPending}
      invalid={Boolean(errors.percent || errors.fixed)}
      error={general}
      errorTitle={intl.formatMessage(m.feeFailed)}
    >
      <TextField label={intl.formatMessage(m.feePercent)} required inputMode="decimal" autoComplete="off" value={percent} onChange={setPercent} error={errors.percent ?? null} />
      <MoneyField label={intl.formatMessage(m.feeFixed)} required value={fixed} onChange={setFixed} error={errors.fixed ?? null} />
    </FormDialog>
  );
}
