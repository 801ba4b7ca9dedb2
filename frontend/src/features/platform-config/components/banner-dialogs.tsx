import { Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useIntl } from 'react-intl';

import type { PlatformSettings } from '@/api/types';
import { appToaster } from '@/components/app-toaster';
import { ConfirmDialog } from '@/components/kit/confirm-dialog';
import { FormDialog } from '@/components/kit/form-dialog';
import { TextField } from '@/components/kit/form-fields';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';

import { useSavePlatformSettings } from '../api/platform-settings';
import { withBanner, withKycRequired } from '../lib/settings-form';
import { configMessages as m } from '../messages';

const MAX_BANNER = 500;

function failure(error: unknown, fallback: string): string {
  return isApiError(error) && error.status > 0 && error.status < 500 ? error.message : fallback;
}

/** Write the banner, then confirm: everyone sees it at once. */
export function BannerDialog({ current, onClose }: { current: PlatformSettings; onClose: () => void }) {
  const intl = useIntl();
  const save = useSavePlatformSettings();
  const [text, setText] = useState(current.maintenance_banner);
  const [invalid, setInvalid] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const trimmed = text.trim();
  return (
    <FormDialog
      title={intl.formatMessage(m.bannerTitle)}
      description={intl.formatMessage(m.bannerText)}
      submitText={intl.formatMessage(m.review)}
      cancelText={intl.formatMessage(m.cancel)}
      errorTitle={intl.formatMessage(m.saveFailed)}
      error={error}
      pending={save.isPending}
      validate={() => {
        const ok = trimmed.length > 0 && trimmed.length <= MAX_BANNER;
        setInvalid(!ok);
        setError(null);
        return ok;
      }}
      confirmation={{
        title: intl.formatMessage(m.bannerConfirmTitle),
        description: intl.formatMessage(m.bannerConfirmText),
        summary: [{ label: intl.formatMessage(m.bannerMessage), value: trimmed }],
        confirmText: intl.formatMessage(m.save),
        confirmPalette: 'orange',
        backText: intl.formatMessage(m.back),
      }}
      onSubmit={() =>
        save.mutate(withBanner(current, trimmed), {
          onSuccess: () => {
            appToaster.create({ type: 'success', title: intl.formatMessage(m.bannerSaved) });
            onClose();
          },
          onError: (failed) => setError(failure(failed, intl.formatMessage(commonMessages.tryAgainLater))),
        })
      }
      onClose={onClose}
    >
      <TextField
        label={intl.formatMessage(m.bannerMessage)}
        required
        multiline
        maxLength={MAX_BANNER}
        value={text}
        onChange={(value) => {
          setText(value);
          setInvalid(false);
        }}
        error={invalid ? intl.formatMessage(m.bannerRequired) : null}
        helper={intl.formatMessage(m.bannerHint)}
      />
    </FormDialog>
  );
}

/** Take the banner down (asks first). */
export function RemoveBannerDialog({ current, onClose }: { current: PlatformSettings; onClose: () => void }) {
  const intl = useIntl();
  const save = useSavePlatformSettings();
  const [error, setError] = useState<string | null>(null);
  return (
    <ConfirmDialog
      open
      title={intl.formatMessage(m.bannerRemoveTitle)}
      description={intl.formatMessage(m.bannerRemoveText)}
      confirmText={intl.formatMessage(m.bannerRemove)}
      cancelText={intl.formatMessage(m.cancel)}
      confirmPalette="red"
      pending={save.isPending}
      error={error}
      onConfirm={() =>
        save.mutate(withBanner(current, ''), {
          onSuccess: () => {
            appToaster.create({ type: 'success', title: intl.formatMessage(m.bannerSaved) });
            onClose();
          },
          onError: (failed) => setError(failure(failed, intl.formatMessage(commonMessages.tryAgainLater))),
        })
      }
      onClose={onClose}
    >
      <Text fontStyle="italic">{current.maintenance_banner}</Text>
    </ConfirmDialog>
  );
}

/** Turn "payouts require approved KYC" on or off (asks first: it changes who may pay out). */
export function KycRequiredDialog({ current, onClose }: { current: PlatformSettings; onClose: () => void }) {
  const intl = useIntl();
  const save = useSavePlatformSettings();
  const [error, setError] = useState<string | null>(null);
  const turningOn = !current.payouts_require_kyc;
  return (
    <ConfirmDialog
      open
      title={intl.formatMessage(turningOn ? m.kycOnTitle : m.kycOffTitle)}
      description={intl.formatMessage(turningOn ? m.kycOnText : m.kycOffText)}
      confirmText={intl.formatMessage(turningOn ? m.kycTurnOn : m.kycTurnOff)}
      cancelText={intl.formatMessage(m.cancel)}
      confirmPalette="orange"
      pending={save.isPending}
      error={error}
      onConfirm={() =>
        save.mutate(withKycRequired(current, turningOn), {
          onSuccess: () => {
            appToaster.create({ type: 'success', title: intl.formatMessage(m.kycSaved) });
            onClose();
          },
          onError: (failed) => setError(failure(failed, intl.formatMessage(commonMessages.tryAgainLater))),
        })
      }
      onClose={onClose}
    />
  );
}
