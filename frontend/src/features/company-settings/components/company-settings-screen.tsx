import { Button, HStack, Image, List, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, useRef, useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';

import type { CompanySettings } from '@/api/types';
import { AppLoader } from '@/components/app-loader';
import { AppToaster, appToaster } from '@/components/app-toaster';
import { ConfirmDialog } from '@/components/kit/confirm-dialog';
import { serverErrors } from '@/components/kit/server-errors';
import { SettingsSection } from '@/components/kit/settings-section';
import { SummaryList } from '@/components/kit/summary-list';
import { LoadError } from '@/components/query-state';
import { RouteHeader } from '@/components/route-header';
import { commonMessages } from '@/i18n/messages';
import { useCanWrite } from '@/lib/auth/session';
import { formatDocument, formatPhone } from '@/lib/documents';
import { formatDateTime, money } from '@/lib/format';

import { getCompanySettingsQueryOptions, useRemoveLogo, useUploadLogo } from '../api/company-settings';
import { addressLine } from '../lib/settings-form';
import { companyMessages as m } from '../messages';
import { EmailsDialog, ProfileDialog, ThresholdDialog } from './dialogs';

type Open = 'profile' | 'emails' | 'threshold' | 'remove-logo' | null;

const when = (iso: string, intl: IntlShape) => formatDateTime(Math.floor(Date.parse(iso) / 1000), intl.locale);

function ProfileSummary({ settings }: { settings: CompanySettings }) {
  const intl = useIntl();
  const or = (value: string) => value || intl.formatMessage(m.notSet);
  return (
    <SummaryList
      label={intl.formatMessage(m.profileTitle)}
      items={[
        { label: intl.formatMessage(m.legalName), value: <span data-testid="value-legal_name">{or(settings.legal_name)}</span> },
        { label: intl.formatMessage(m.tradeName), value: <span data-testid="value-trade_name">{or(settings.trade_name)}</span> },
        { label: intl.formatMessage(m.cnpj), value: <span data-testid="value-cnpj">{or(formatDocument(settings.cnpj))}</span> },
        { label: intl.formatMessage(m.phone), value: <span data-testid="value-phone">{or(formatPhone(settings.phone))}</span> },
        { label: intl.formatMessage(m.address), value: <span data-testid="value-address">{or(addressLine(settings))}</span> },
      ]}
    />
  );
}

function LogoSection({ settings, writable, onRemove }: { settings: CompanySettings; writable: boolean; onRemove: () => void }) {
  const intl = useIntl();
  const upload = useUploadLogo();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    upload.mutate(file, {
      onSuccess: () => appToaster.create({ type: 'success', title: intl.formatMessage(m.logoSaved) }),
      onError: (failure) => {
        const split = serverErrors(failure, { file: 'file' } as const, { fallback: intl.formatMessage(commonMessages.tryAgainLater) });
        setError(split.fields.file ?? split.general);
      },
    });
  };
  return (
    <SettingsSection
      testId="logo-section"
      title={intl.formatMessage(m.logoTitle)}
      text={intl.formatMessage(m.logoText)}
      action={
        writable && (
          <HStack gap="2">
            <input ref={input} type="file" accept="image/png,image/jpeg" hidden onChange={pick} data-testid="logo-input" aria-label={intl.formatMessage(m.uploadLogo)} />
            <Button size="sm" colorPalette="blue" loading={upload.isPending} onClick={() => input.current?.click()}>
              {intl.formatMessage(settings.logo_url ? m.replaceLogo : m.uploadLogo)}
            </Button>
            {settings.logo_url && (
              <Button size="sm" variant="outline" colorPalette="red" onClick={onRemove}>
                {intl.formatMessage(m.removeLogo)}
              </Button>
            )}
          </HStack>
        )
      }
    >
      {settings.logo_url ? (
        <Image src={`${settings.logo_url}?v=${encodeURIComponent(settings.updated_at ?? '')}`} alt={intl.formatMessage(m.logoAlt)} maxH="24" maxW="xs" objectFit="contain" />
      ) : (
        <Text color="fg.muted">{intl.formatMessage(m.noLogo)}</Text>
      )}
      {error && (
        <Text color="fg.error" mt="2" role="alert">
          {intl.formatMessage(m.logoFailed)}: {error}
        </Text>
      )}
    </SettingsSection>
  );
}

function RemoveLogoDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const remove = useRemoveLogo();
  return (
    <ConfirmDialog
      open
      title={intl.formatMessage(m.confirmRemoveLogoTitle)}
      description={intl.formatMessage(m.confirmRemoveLogoText)}
      cancelText={intl.formatMessage(m.cancel)}
      confirmText={intl.formatMessage(m.removeLogo)}
      pending={remove.isPending}
      error={remove.isError ? intl.formatMessage(commonMessages.tryAgainLater) : null}
      onConfirm={() =>
        remove.mutate(undefined, {
          onSuccess: () => {
            appToaster.create({ type: 'success', title: intl.formatMessage(m.logoRemoved) });
            onClose();
          },
        })
      }
      onClose={onClose}
    />
  );
}

/** clients/config: the company's profile, notification e-mails, payout approval threshold and logo. */
export default function CompanySettingsScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const writable = useCanWrite(route);
  const settings = useQuery(getCompanySettingsQueryOptions());
  const [open, setOpen] = useState<Open>(null);
  const data = settings.data;
  const edit = (target: Open, label: keyof typeof m) =>
    writable && (
      <Button size="sm" colorPalette="blue" onClick={() => setOpen(target)}>
        {intl.formatMessage(m[label])}
      </Button>
    );
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
          <SettingsSection testId="profile-section" title={intl.formatMessage(m.profileTitle)} text={intl.formatMessage(m.profileText)} action={edit('profile', 'editProfile')} footnote={data.updated_at && intl.formatMessage(m.lastChange, { when: when(data.updated_at, intl) })}>
            <ProfileSummary settings={data} />
          </SettingsSection>
          <SettingsSection testId="emails-section" title={intl.formatMessage(m.emailsTitle)} text={intl.formatMessage(m.emailsText)} action={edit('emails', 'editEmails')}>
            {data.notification_emails.length ? (
              <List.Root data-testid="emails">
                {data.notification_emails.map((email) => (
                  <List.Item key={email}>{email}</List.Item>
                ))}
              </List.Root>
            ) : (
              <Text color="fg.muted">{intl.formatMessage(m.noEmails)}</Text>
            )}
          </SettingsSection>
          <SettingsSection testId="threshold-section" title={intl.formatMessage(m.thresholdTitle)} text={intl.formatMessage(m.thresholdText)} action={edit('threshold', 'editThreshold')}>
            <SummaryList
              label={intl.formatMessage(m.thresholdTitle)}
              items={[
                {
                  label: intl.formatMessage(m.threshold),
                  value: <span data-testid="value-threshold">{data.payout_approval_threshold === null ? intl.formatMessage(m.noThreshold) : money(data.payout_approval_threshold, data.threshold_currency, intl.locale)}</span>,
                },
                {
                  label: intl.formatMessage(m.platformLimit),
                  value: data.platform_payout_limit === null ? intl.formatMessage(m.noLimit) : money(data.platform_payout_limit, data.threshold_currency, intl.locale),
                },
              ]}
            />
          </SettingsSection>
          <LogoSection settings={data} writable={writable} onRemove={() => setOpen('remove-logo')} />
          {open === 'profile' && <ProfileDialog current={data} onClose={() => setOpen(null)} />}
          {open === 'emails' && <EmailsDialog current={data} onClose={() => setOpen(null)} />}
          {open === 'threshold' && <ThresholdDialog current={data} onClose={() => setOpen(null)} />}
          {open === 'remove-logo' && <RemoveLogoDialog onClose={() => setOpen(null)} />}
        </>
      )}
      <AppToaster />
    </Stack>
  );
}
