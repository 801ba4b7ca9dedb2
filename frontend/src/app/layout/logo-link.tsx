import { Flex, Link } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';

import { LogoMark, LogoWord } from '@/components/logo';

import { layoutMessages } from './messages';

export function LogoLink({ href, showWord = true }: { href: string; showWord?: boolean }) {
  const intl = useIntl();
  return (
    <Link asChild aria-label={intl.formatMessage(layoutMessages.logoHome)} _hover={{ textDecoration: 'none' }} color="fg">
      <RouterLink to={href}>
        <Flex align="center" gap="2">
          <LogoMark size={32} />
          {showWord && <LogoWord />}
        </Flex>
      </RouterLink>
    </Link>
  );
}
