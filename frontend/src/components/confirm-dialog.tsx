import { Button, Dialog, Portal, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

type Props = {
  open: boolean;
  title: string;
  /** What confirming does (the dialog's description). */
  description: string;
  /** More to read under the description. */
  children?: ReactNode;
  cancelText: string;
  confirmText: string;
  confirmPalette?: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before doing something: says what will happen, then cancel or confirm (an alertdialog). */
export function ConfirmDialog({ open, title, description, children, cancelText, confirmText, confirmPalette = 'red', loading, onConfirm, onClose }: Props) {
  return (
    <Dialog.Root role="alertdialog" open={open} onOpenChange={(details) => !details.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="2">
                <Dialog.Description>{description}</Dialog.Description>
                {children}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {cancelText}
              </Button>
              <Button colorPalette={confirmPalette} loading={loading} onClick={onConfirm}>
                {confirmText}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
