import { Box, Flex, Heading, Stack } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';

import { FullLayout } from '@/components/layouts/full-layout';
import { LogoMark } from '@/components/logo';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { AskResetForm, SetPasswordForm } from '@/features/auth/components/password-reset-form';
import { resetMessages } from '@/features/auth/messages';

/** /plataforma/redefinir-senha: ask for a link by e-mail; with the link's uid and token, set the new password. */
export default function PasswordResetRoute() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const uid = params.get('uid');
  const token = params.get('token');
  useDocumentTitle(intl.formatMessage(resetMessages.title));
  return (
    <FullLayout>
      <Box as="main" w="full" maxW="md" bg="bg.panel" borderWidth="1px" rounded="xl" p={{ base: '6', md: '10' }} shadow="lg">
        <Stack gap="8">
          <Flex align="center" gap="3">
            <LogoMark size={40} />
            <Heading as="h1" size="xl">
              {intl.formatMessage(resetMessages.title)}
            </Heading>
          </Flex>
          {uid && token ? <SetPasswordForm uid={uid} token={token} /> : <AskResetForm />}
        </Stack>
      </Box>
    </FullLayout>
  );
}
