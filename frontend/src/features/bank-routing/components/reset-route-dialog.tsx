import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useIntl } from 'react-intl';

import { appToaster } from '@/components/app-toaster';
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
    <Dialog.Root role="alertdialog" open={Boolean(row)} onOpenChange={(details) => !details.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{intl.formatMessage(m.resetTitle)}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>{text}</Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {intl.formatMessage(m.cancel)}
              </Button>
              <Button colorPalette="red" loading={remove.isPending} onClick={confirm}>
                {intl.formatMessage(m.resetRoute)}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
