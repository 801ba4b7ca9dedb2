import { useIntl } from 'react-intl';

import { appToaster } from '@/components/app-toaster';
import { ConfirmDialog } from '@/components/kit/confirm-dialog';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';

import { useRemoveRoute } from '../api/remove-route';
import { methodName } from '../lib/display';
import type { RouteRow } from '../lib/routing';
import { bankRoutingMessages as m } from '../messages';

type Props = { row: RouteRow | null; client: string | null; scopeName: string; providerName: (code: string) => string; onClose: () => void };

/** A client's own route goes: the method follows the platform default again (said before asking). */
export function ResetRouteDialog({ row, client, scopeName, providerName, onClose }: Props) {
  const intl = useIntl();
  const remove = useRemoveRoute();
  const method = row ? methodName(intl, row.method) : '';
  const text = !row
    ? ''
    : row.platform
      ? intl.formatMessage(m.resetText, { client: scopeName, method, provider: providerName(row.platform.provider) })
      : intl.formatMessage(m.resetTextBuiltin, { client: scopeName, method });

  const confirm = () => {
    if (!row || !client || remove.isPending) return;
    remove.mutate(
      { method: row.method, tenant: client },
      {
        onSuccess: () => {
          onClose();
          appToaster.create({ type: 'success', title: intl.formatMessage(m.routeReset), description: text });
        },
        onError: (error) => {
          onClose();
          appToaster.create({
            type: 'error',
            title: intl.formatMessage(m.routeResetFailed),
            description: isApiError(error) && error.status < 500 ? error.message : intl.formatMessage(commonMessages.tryAgainLater),
          });
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open={Boolean(row)}
      title={intl.formatMessage(m.resetTitle)}
      description={text}
      cancelText={intl.formatMessage(m.cancel)}
      confirmText={intl.formatMessage(m.resetRoute)}
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
