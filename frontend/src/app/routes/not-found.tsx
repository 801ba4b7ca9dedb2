import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';

import { useDocumentTitle } from '@/hooks/use-document-title';

import { layoutMessages as m } from '../layout/messages';

/** An address that is no screen of the product (a typo, an old link): said so, inside the shell. */
export function NotFoundScreen({ homeHref }: { homeHref: string }) {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(m.notFoundTitle));
  return (
    <Box py="16" textAlign="center">
      <Stack gap="5" align="center">
        <Text fontSize="5xl" fontWeight="bold" color="fg.muted" aria-hidden>
          404
        </Text>
        <Heading as="h1" size="2xl">
          {intl.formatMessage(m.notFoundTitle)}
        </Heading>
        <Text color="fg.muted">{intl.formatMessage(m.notFoundText)}</Text>
        <Button asChild colorPalette="blue">
          <RouterLink to={homeHref}>{intl.formatMessage(m.backHome)}</RouterLink>
        </Button>
      </Stack>
    </Box>
  );
}
