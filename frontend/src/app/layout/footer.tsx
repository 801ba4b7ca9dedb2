import { Box, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';

import type { FooterType } from '@/features/customizer/lib/settings';

import { layoutMessages } from './messages';

export function Footer({ type }: { type: FooterType }) {
  const intl = useIntl();
  if (type === 'hidden') return null;
  return (
    <Box
      as="footer"
      px="6"
      py="4"
      bg={type === 'sticky' ? 'bg.panel' : undefined}
      borderTopWidth={type === 'sticky' ? '1px' : undefined}
      position={type === 'sticky' ? 'sticky' : 'static'}
      bottom="0"
      zIndex={type === 'sticky' ? 'docked' : undefined}
      data-footer-type={type}
    >
      <Text fontSize="sm" color="fg.muted">
        {intl.formatMessage(layoutMessages.footer, { year: new Date().getFullYear() })}
      </Text>
    </Box>
  );
}
