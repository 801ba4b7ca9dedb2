import { Box, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { Link as RouterLink, useNavigate } from 'react-router-dom';

import { FullLayout } from '@/components/layouts/full-layout';
import { LogoMark } from '@/components/logo';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { LoginForm } from '@/features/auth/components/login-form';
import { authMessages } from '@/features/auth/messages';
import { landingRoute } from '@/lib/permissions';

/** /plataforma/login. On success the user goes to the home route the server chose. */
export default function LoginRoute() {
  const intl = useIntl();
  const navigate = useNavigate();
  useDocumentTitle(intl.formatMessage(authMessages.title));
  return (
    <FullLayout>
      <Box as="main" w="full" maxW="md" bg="bg.panel" borderWidth="1px" rounded="xl" p={{ base: '6', md: '10' }} shadow="lg">
        <Stack gap="8">
          <Flex align="center" gap="3">
            <LogoMark size={40} />
            <Stack gap="0">
              <Heading as="h1" size="xl">
                {intl.formatMessage(authMessages.title)}
              </Heading>
              <Text color="fg.muted" fontSize="sm">
                {intl.formatMessage(authMessages.subtitle)}
              </Text>
            </Stack>
          </Flex>
          <LoginForm onSuccess={(user) => navigate(paths.screen.getHref(landingRoute(user.home, user.menu)), { replace: true })} />
          <Link asChild colorPalette="blue" alignSelf="center" fontSize="sm">
            <RouterLink to={paths.passwordReset.getHref()}>{intl.formatMessage(authMessages.forgotPassword)}</RouterLink>
          </Link>
        </Stack>
      </Box>
    </FullLayout>
  );
}
