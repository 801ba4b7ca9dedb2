import { Alert, Button, Dialog, Portal, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';

import { kitFormMessages as m } from './messages';
import { type SummaryItem, SummaryList } from './summary-list';

type Props = {
  open: boolean;
  title: string;
  /** What confirming does (the dialog's description). */
  description: string;
  /** What it is about, as label/value pairs: amount, beneficiary, destination. */
  details?: readonly SummaryItem[];
  /** More to read under the details. */
  children?: ReactNode;
  cancelText?: string;
  confirmText: string;
  confirmPalette?: string;
  /** The call is under way: confirm shows a spinner, neither button can be pressed twice. */
  pending?: boolean;
  /** Confirming cannot happen yet (e.g. the details are still loading). */
  confirmDisabled?: boolean;
  /** Why the last try failed (the dialog stays open). */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before doing something dangerous: says what will happen and to what, then cancel or confirm (an alertdialog). */
export function ConfirmDialog({
  open,
  title,
  description,
  details,
  children,
  cancelText,
  confirmText,
  confirmPalette = 'red',
  pending,
  confirmDisabled,
  error,
  onConfirm,
  onClose,
}: Props) {
  const intl = useIntl();
  return (
    <Dialog.Root role="alertdialog" open={open} onOpenChange={(details) => !details.open && !pending && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                {error && (
                  <Alert.Root status="error" role="alert">
                    <Alert.Indicator />
                    <Alert.Description>{error}</Alert.Description>
                  </Alert.Root>
                )}
                <Dialog.Description>{description}</Dialog.Description>
                {details && details.length > 0 && <SummaryList items={details} label={title} />}
                {children}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={pending}>
                {cancelText ?? intl.formatMessage(m.cancel)}
              </Button>
              <Button colorPalette={confirmPalette} loading={pending} disabled={pending || confirmDisabled} onClick={onConfirm}>
                {confirmText}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
