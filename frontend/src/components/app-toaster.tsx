import { Portal, Stack, Toast, Toaster, createToaster } from '@chakra-ui/react';
import { useIntl } from 'react-intl';

import { commonMessages } from '@/i18n/messages';

/** Toasts of the money-out screens (payouts, compliance, refunds, bank accounts). */
export const appToaster = createToaster({ placement: 'top-end', pauseOnPageIdle: true, max: 3 });

export function AppToaster() {
  const intl = useIntl();
  return (
    <Portal>
      <Toaster toaster={appToaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} role={toast.type === 'error' ? 'alert' : 'status'}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            <Toast.CloseTrigger aria-label={intl.formatMessage(commonMessages.close)} />
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
