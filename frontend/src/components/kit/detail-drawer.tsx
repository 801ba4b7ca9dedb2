import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';

import { commonMessages } from '@/i18n/messages';

type Props = {
  /** Open while a title is given (the record's id, usually from the URL). */
  open: boolean;
  title: string;
  onClose: () => void;
  size?: 'sm' | 'md' | 'lg';
  children: ReactNode;
};

/** One record's detail at the right edge (a list's row opened): title, body and a close button. */
export function DetailDrawer({ open, title, onClose, size = 'md', children }: Props) {
  const intl = useIntl();
  return (
    <Drawer.Root open={open} onOpenChange={(details) => !details.open && onClose()} placement="end" size={size}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>{title}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>{children}</Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage(commonMessages.close)} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
