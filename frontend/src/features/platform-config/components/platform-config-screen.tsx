import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';

import { getStaffClientsQueryOptions } from '@/api/get-staff-clients';
import type { ComplianceRule, PlatformSettings } from '@/api/types';
import { AppToaster } from '@/components/app-toaster';
import { DataGrid, type GridColumn } from '@/components/kit';
import { SettingsSection } from '@/components/kit/settings-section';
import { SummaryList } from '@/components/kit/summary-list';
import { AppLoader } from '@/components/app-loader';
import { EmptyBlock, LoadError } from '@/components/query-state';
import { RouteHeader } from '@/components/route-header';
import { commonMessages } from '@/i18n/messages';
import { useCanWrite } from '@/lib/auth/session';
import { formatClockTime, formatDateTime, money } from '@/lib/format';

import { getComplianceRulesQueryOptions } from '../api/compliance-rules';
import { getPlatformSettingsQueryOptions } from '../api/platform-settings';
import { configMessages as m } from '../messages';
import { BannerDialog, KycRequiredDialog, RemoveBannerDialog } from './banner-dialogs';
import { FIELD_LABELS, LimitsDialog, settingText } from './limits-dialog';
import { RuleDialog, type RuleTarget } from './rule-dialog';

type Open = 'limits' | 'banner' | 'remove-banner' | 'kyc' | null;

const when = (iso: string, intl: IntlShape) => formatDateTime(Math.floor(Date.parse(iso) / 1000), intl.locale);

function LimitsSummary({ settings }: { settings: PlatformSettings }) {
  const intl = useIntl();
  const window = (start: string | null, end: string | null) => (start && end ? intl.formatMessage(m.window, { start: formatClockTime(start, intl.locale), end: formatClockTime(end, intl.locale) }) : intl.formatMessage(m.anyTime));
  return (
    <SummaryList
      label={intl.formatMessage(m.limitsTitle)}
      items={[
        { label: intl.formatMessage(FIELD_LABELS.max_payout_amount), value: <span data-testid="value-max_payout_amount">{settingText(intl, 'max_payout_amount', settings.max_payout_amount)}</span> },
        { label: intl.formatMessage(FIELD_LABELS.max_daily_payouts_per_client), value: settingText(intl, 'max_daily_payouts_per_client', settings.max_daily_payouts_per_client) },
        { label: intl.formatMessage(FIELD_LABELS.night_pix_person_limit), value: settingText(intl, 'night_pix_person_limit', settings.night_pix_person_limit) },
        { label: intl.formatMessage(m.nightWindow), value: window(settings.night_starts_at, settings.night_ends_at) },
        { label: intl.formatMessage(m.tedHours), value: window(settings.ted_opens_at, settings.ted_cutoff_at) },
      ]}
    />
  );
}

function RulesSection({ writable }: { writable: boolean }) {
  const intl = useIntl();
  const rules = useQuery(getComplianceRulesQueryOptions());
  const clients = useQuery(getStaffClientsQueryOptions());
  const [editing, setEditing] = useState<RuleTarget | null>(null);
  const columns: GridColumn<ComplianceRule>[] = [
    { key: 'client', header: intl.formatMessage(m.colClient), priority: 1, card: 'title', cell: (rule) => rule.client.name },
    { key: 'currency', header: intl.formatMessage(m.colCurrency), priority: 1, cell: (rule) => rule.currency },
    { key: 'upTo', header: intl.formatMessage(m.colUpTo), priority: 1, numeric: true, card: 'amount', cell: (rule) => money(rule.auto_approve_up_to, rule.currency, intl.locale) },
    { key: 'updated', header: intl.formatMessage(m.colUpdated), priority: 2, nowrap: true, card: 'date', cell: (rule) => when(rule.updated_at, intl) },
  ];
  if (writable) {
    columns.push({
      key: 'actions',
      header: intl.formatMessage(m.colActions),
      priority: 1,
      card: 'actions',
      cell: (rule) => (
        <Button size="xs" variant="outline" aria-label={intl.formatMessage(m.editRuleLabel, { client: rule.client.name, currency: rule.currency })} onClick={() => setEditing({ slug: rule.client.slug, currency: rule.currency, locked: true })}>
          {intl.formatMessage(m.editRule)}
        </Button>
      ),
    });
  }
  return (
    <SettingsSection
      testId="rules-section"
      title={intl.formatMessage(m.rulesTitle)}
      text={intl.formatMessage(m.rulesText)}
      action={
        writable && (
          <Button size="sm" colorPalette="blue" disabled={!rules.data} onClick={() => setEditing({ slug: '', currency: 'BRL', locked: false })}>
            {intl.formatMessage(m.newRule)}
          </Button>
        )
      }
    >
      {rules.isError ? (
        <LoadError title={intl.formatMessage(m.rulesLoadError)} onRetry={() => void rules.refetch()} />
      ) : rules.data && rules.data.length === 0 ? (
        <EmptyBlock title={intl.formatMessage(commonMessages.noRecords)} description={intl.formatMessage(m.rulesEmpty)} />
      ) : (
        <DataGrid caption={intl.formatMessage(m.rulesList)} columns={columns} rows={rules.data} rowKey={(rule) => `${rule.client.slug}|${rule.currency}`} rowAttributes={(rule) => ({ 'data-rule': `${rule.client.slug}:${rule.currency}` })} busy={!rules.data} />
      )}
      {editing && rules.data && <RuleDialog target={editing} rules={rules.data} clients={clients.data} onClose={() => setEditing(null)} />}
    </SettingsSection>
  );
}

/** admin/config: the platform's limits and TED hours, the maintenance banner and the auto-approval rules. */
export default function PlatformConfigScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const writable = useCanWrite(route);
  const settings = useQuery(getPlatformSettingsQueryOptions());
  const [open, setOpen] = useState<Open>(null);
  const data = settings.data;
  return (
    <Stack gap="5">
      <RouteHeader route={route} homeHref={homeHref} />
      <Text maxW="4xl">{intl.formatMessage(m.intro)}</Text>
      {settings.isError ? (
        <LoadError title={intl.formatMessage(m.loadError)} onRetry={() => void settings.refetch()} />
      ) : !data ? (
        <AppLoader fullScreen={false} label={intl.formatMessage(commonMessages.loading)} />
      ) : (
        <>
          <SettingsSection
            testId="limits-section"
            title={intl.formatMessage(m.limitsTitle)}
            text={intl.formatMessage(m.limitsText)}
            action={
              writable && (
                <Button size="sm" colorPalette="blue" onClick={() => setOpen('limits')}>
                  {intl.formatMessage(m.editLimits)}
                </Button>
              )
            }
            footnote={data.updated_at && intl.formatMessage(m.lastChange, { when: when(data.updated_at, intl) })}
          >
            <LimitsSummary settings={data} />
          </SettingsSection>
          <SettingsSection
            testId="banner-section"
            title={intl.formatMessage(m.bannerTitle)}
            text={intl.formatMessage(m.bannerText)}
            action={
              writable && (
                <HStack gap="2">
                  <Button size="sm" colorPalette="blue" onClick={() => setOpen('banner')}>
                    {intl.formatMessage(m.bannerEdit)}
                  </Button>
                  {data.maintenance_banner && (
                    <Button size="sm" variant="outline" colorPalette="red" onClick={() => setOpen('remove-banner')}>
                      {intl.formatMessage(m.bannerRemove)}
                    </Button>
                  )}
                </HStack>
              )
            }
          >
            {data.maintenance_banner ? (
              <Alert.Root status="warning">
                <Alert.Indicator />
                <Alert.Description whiteSpace="pre-line">{data.maintenance_banner}</Alert.Description>
              </Alert.Root>
            ) : (
              <Text color="fg.muted">{intl.formatMessage(m.bannerNone)}</Text>
            )}
          </SettingsSection>
          <SettingsSection
            testId="kyc-section"
            title={intl.formatMessage(m.kycTitle)}
            text={intl.formatMessage(m.kycText)}
            action={
              writable && (
                <Button size="sm" variant="outline" colorPalette="orange" onClick={() => setOpen('kyc')}>
                  {intl.formatMessage(data.payouts_require_kyc ? m.kycTurnOff : m.kycTurnOn)}
                </Button>
              )
            }
          >
            <Text data-kyc-required={data.payouts_require_kyc ? 'on' : 'off'}>{intl.formatMessage(data.payouts_require_kyc ? m.kycOn : m.kycOff)}</Text>
          </SettingsSection>
          {open === 'kyc' && <KycRequiredDialog current={data} onClose={() => setOpen(null)} />}
          {open === 'limits' && <LimitsDialog current={data} onClose={() => setOpen(null)} />}
          {open === 'banner' && <BannerDialog current={data} onClose={() => setOpen(null)} />}
          {open === 'remove-banner' && <RemoveBannerDialog current={data} onClose={() => setOpen(null)} />}
        </>
      )}
      <RulesSection writable={writable} />
      <AppToaster />
    </Stack>
  );
}
