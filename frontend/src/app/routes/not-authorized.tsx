import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';

import { LockIcon } from '@/components/icons';
import { FullLayout } from '@/components/layouts/full-layout';
import { paths } from '@/config/paths';
import { layoutMessages as m } from '@/app/layout/messages';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLogout } from '@/lib/auth/logout';

/** /plataforma/misc/not-authorized: a route without permission, or a user with no menu entry. */
export default function NotAuthorizedRoute() {
  const intl = useIntl();
  const logout = useLogout();
  useDocumentTitle(intl.formatMessage(m.notAuthorizedTitle));
  return (
    <FullLayout>
      <Box as="main" maxW="lg" textAlign="center">
        <Stack gap="5" align="center">
          <LockIcon boxSize="12" color="fg.muted" />
          <Heading as="h1" size="2xl">
            {intl.formatMessage(m.notAuthorizedTitle)}
          </Heading>
          <Text color="fg.muted">{intl.formatMessage(m.notAuthorizedText)}</Text>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
            <Button asChild colorPalette="blue">
              <RouterLink to={paths.root.getHref()}>{intl.formatMessage(m.backHome)}</RouterLink>
            </Button>
            <Button variant="outline" onClick={() => logout.mutate()} loading={logout.isPending}>
              {intl.formatMessage(m.signInAgain)}
            </Button>
          </Stack>
        </Stack>
      </Box>
    </FullLayout>
  );
}
