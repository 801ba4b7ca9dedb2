import { Alert, Box, Button, Checkbox, HStack, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';

import type { PartnerDetail } from '@/api/types';
import { appToaster } from '@/components/app-toaster';
import { MoneyField, SelectField, TextField, useCheckAmount } from '@/components/kit/form-fields';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { money } from '@/lib/format';
import { formatPercent, parsePercent } from '@/lib/percent';
import { FEATURES, FEE_METHODS, featureMessages, feeMethodMessages } from '@/lib/tenant-features';

import { useRemoveFeeFloor, useSetCommission, useSetFeeFloor } from '../api/partners';
import { partnerTermsMessages as m } from '../messages';

const failure = (error: unknown, intl: IntlShape) => (isApiError(error) && error.status > 0 && error.status < 500 ? error.message : intl.formatMessage(commonMessages.tryAgainLater));

/** What the partner may turn on or off on its clients (modules and toggles), saved with PATCH. */
export function AllowanceSection({ partner, writable }: { partner: PartnerDetail; writable: boolean }) {
  const intl = useIntl();
  const save = useSetCommission(partner.slug);
  const [on, setOn] = useState<Set<string>>(() => new Set([...partner.allowed_modules, ...partner.allowed_toggles]));
  const pick = (kind: 'module' | 'toggle') => FEATURES.filter((f) => f.kind === kind && on.has(f.code)).map((f) => f.code);
  const submit = () =>
    save.mutate(
      { allowed_modules: pick('module'), allowed_toggles: pick('toggle') },
      { onSuccess: () => appToaster.create({ type: 'success', title: intl.formatMessage(m.allowanceSaved) }) },
    );
  return (
    <Stack gap="2" as="section" aria-label={intl.formatMessage(m.allowanceTitle)}>
      <Heading size="sm">{intl.formatMessage(m.allowanceTitle)}</Heading>
      <Text color="fg.muted" fontSize="sm">
        {intl.formatMessage(m.allowanceHelp)}
      </Text>
      {FEATURES.map((feature) => (
        <Checkbox.Root
          key={feature.code}
          checked={on.has(feature.code)}
          disabled={!writable || save.isPending}
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
          <Checkbox.Label>{intl.formatMessage(featureMessages[feature.code])}</Checkbox.Label>
        </Checkbox.Root>
      ))}
      {save.isError && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{failure(save.error, intl)}</Alert.Title>
        </Alert.Root>
      )}
      {writable && (
        <Button size="sm" variant="outline" alignSelf="start" loading={save.isPending} onClick={submit}>
          {intl.formatMessage(m.allowanceSave)}
        </Button>
      )}
    </Stack>
  );
}

/** The lowest fee the partner may set per method and currency (none: the platform's default rate). */
export function FeeFloorsSection({ partner, writable }: { partner: PartnerDetail; writable: boolean }) {
  const intl = useIntl();
  const checkAmount = useCheckAmount();
  const set = useSetFeeFloor(partner.slug);
  const remove = useRemoveFeeFloor(partner.slug);
  const [method, setMethod] = useState<string>('pix');
  const [currency, setCurrency] = useState('BRL');
  const [percent, setPercent] = useState('');
  const [fixed, setFixed] = useState('');
  const [errors, setErrors] = useState<{ percent?: string; fixed?: string }>({});
  const methodName = (code: string) => (code in feeMethodMessages ? intl.formatMessage(feeMethodMessages[code as keyof typeof feeMethodMessages]) : code);
  const submit = () => {
    const parsed = parsePercent(percent, intl.locale);
    const amount = checkAmount(fixed, { allowZero: true });
    setErrors({ percent: parsed.ok ? undefined : intl.formatMessage(m.percentInvalid), fixed: amount.error ?? undefined });
    if (!parsed.ok || amount.cents === null) return;
    set.mutate(
      { method, currency, percent_bp: parsed.bp, fixed: amount.cents },
      { onSuccess: () => appToaster.create({ type: 'success', title: intl.formatMessage(m.floorSaved) }) },
    );
  };
  return (
    <Stack gap="2" as="section" aria-label={intl.formatMessage(m.floorsTitle)}>
      <Heading size="sm">{intl.formatMessage(m.floorsTitle)}</Heading>
      <Text color="fg.muted" fontSize="sm">
        {intl.formatMessage(m.floorsHelp)}
      </Text>
      <Table.ScrollArea>
        <Table.Root size="sm" aria-label={intl.formatMessage(m.floorsTable, { name: partner.name })}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{intl.formatMessage(m.colMethod)}</Table.ColumnHeader>
              <Table.ColumnHeader>{intl.formatMessage(m.colCurrency)}</Table.ColumnHeader>
              <Table.ColumnHeader>{intl.formatMessage(m.colFloor)}</Table.ColumnHeader>
              {writable && <Table.ColumnHeader textAlign="end">{intl.formatMessage(m.colActions)}</Table.ColumnHeader>}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {partner.fee_floors.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={writable ? 4 : 3}>{intl.formatMessage(m.floorsEmpty)}</Table.Cell>
              </Table.Row>
            ) : (
              partner.fee_floors.map((floor) => (
                <Table.Row key={`${floor.method}:${floor.currency}`} data-floor={`${floor.method}:${floor.currency}`}>
                  <Table.Cell>{methodName(floor.method)}</Table.Cell>
                  <Table.Cell>{floor.currency}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{`${formatPercent(floor.percent_bp, intl.locale)} + ${money(floor.fixed, floor.currency, intl.locale)}`}</Table.Cell>
                  {writable && (
                    <Table.Cell textAlign="end">
                      <Button size="xs" variant="outline" colorPalette="red" loading={remove.isPending} aria-label={intl.formatMessage(m.removeLabel, { method: methodName(floor.method), currency: floor.currency })} onClick={() => remove.mutate({ method: floor.method, currency: floor.currency })}>
                        {intl.formatMessage(m.remove)}
                      </Button>
                    </Table.Cell>
                  )}
                </Table.Row>
              ))
            )}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {writable && (
        <Stack gap="2">
          <HStack gap="2" align="start" wrap="wrap">
            <Box minW="36">
              <SelectField label={intl.formatMessage(m.colMethod)} value={method} onChange={setMethod} options={FEE_METHODS.map((code) => ({ value: code, label: methodName(code) }))} />
            </Box>
            <Box minW="24">
              <SelectField label={intl.formatMessage(m.colCurrency)} value={currency} onChange={setCurrency} options={['BRL', 'USD'].map((code) => ({ value: code, label: code }))} />
            </Box>
            <Box minW="28">
              <TextField label={intl.formatMessage(m.percent)} inputMode="decimal" autoComplete="off" value={percent} onChange={setPercent} error={errors.percent ?? null} />
            </Box>
            <Box minW="28">
              <MoneyField label={intl.formatMessage(m.fixed)} value={fixed} onChange={setFixed} error={errors.fixed ?? null} />
            </Box>
          </HStack>
          {(set.isError || remove.isError) && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{failure(set.error ?? remove.error, intl)}</Alert.Title>
            </Alert.Root>
          )}
          <Button size="sm" variant="outline" alignSelf="start" loading={set.isPending} onClick={submit}>
            {intl.formatMessage(m.floorSave)}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
