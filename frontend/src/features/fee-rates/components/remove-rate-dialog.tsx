import { useIntl } from 'react-intl';

import type { FeeRate } from '@/api/types';
import { appToaster } from '@/components/app-toaster';
import { ConfirmDialog } from '@/components/kit/confirm-dialog';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';

import { useRemoveFeeRate } from '../api/remove-fee-rate';
import { methodName, rateText } from '../lib/display';
import { feeRatesMessages as m } from '../messages';

type Props = { rate: FeeRate | null; rates: FeeRate[]; nameOf: (slug: string) => string; onClose: () => void };

/**
 * Reset a client's rate to the platform default (saying what that is), or remove a platform default
 * (clients without a rate of their own then pay no fee for it). Asks first.
 */
export function RemoveRateDialog({ rate, rates, nameOf, onClose }: Props) {
  const intl = useIntl();
  const remove = useRemoveFeeRate();
  const method = rate ? methodName(intl, rate.method) : '';
  const platform = rate && rates.find((r) => r.tenant === null && r.method === rate.method && r.currency === rate.currency);
  const client = rate?.tenant ? nameOf(rate.tenant) : '';
  const text = !rate
    ? ''
    : rate.tenant
      ? platform
        ? intl.formatMessage(m.removeTextClient, { client, method, currency: rate.currency, rate: rateText(intl, platform, rate.currency) })
        : intl.formatMessage(m.removeTextClientNone, { client, method, currency: rate.currency })
      : intl.formatMessage(m.removeTextPlatform, { method, currency: rate.currency });

  const confirm = () => {
    if (!rate || remove.isPending) return;
    remove.mutate(rate, {
      onSuccess: () => {
        onClose();
        appToaster.create({ type: 'success', title: intl.formatMessage(m.removed), description: text });
      },
      onError: (error) => {
        onClose();
        appToaster.create({
          type: 'error',
          title: intl.formatMessage(m.removeFailed),
          description: isApiError(error) && error.status < 500 ? error.message : intl.formatMessage(commonMessages.tryAgainLater),
        });
      },
    });
  };

  return (
    <ConfirmDialog
      open={Boolean(rate)}
      title={intl.formatMessage(rate?.tenant ? m.removeTitleClient : m.removeTitlePlatform)}
      description={text}
      cancelText={intl.formatMessage(m.cancel)}
      confirmText={intl.formatMessage(rate?.tenant ? m.reset : m.remove)}
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
