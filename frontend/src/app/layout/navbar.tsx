import { Box, Flex, IconButton, Spacer } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';

import { MenuIcon } from '@/components/icons';
import { paths } from '@/config/paths';
import { navbarPalette } from '@/features/customizer/lib/palette';
import type { NavbarColor, NavbarType } from '@/features/customizer/lib/settings';
import { LanguageSwitcher } from '@/features/language/components/language-switcher';
import { NotificationsMenu } from '@/features/notifications/components/notifications-menu';
import { SearchBox } from '@/features/search/components/search-box';
import { canSearchTransactions } from '@/features/search/lib/search';
import { useScrollState } from '@/hooks/use-scroll-y';
import { useSessionUser } from '@/lib/auth/session';
import { isNavbarScrolled } from '@/lib/layout';

import { LogoLink } from './logo-link';
import { layoutMessages } from './messages';
import type { NavGroup } from './use-navigation';
import { CustomizerToggle } from './customizer-toggle';
import { UserMenu } from './user-menu';

type Props = {
  groups: NavGroup[];
  navbarColor: NavbarColor;
  navbarType: NavbarType;
  /** Horizontal layout: the logo sits in the navbar. */
  logoHref?: string;
  /** Small screens: the button that shows the sidebar. */
  onOpenMenu?: () => void;
};

/** The top bar: search, language, notifications and the user menu (spec §1, §4). */
export function Navbar({ groups, navbarColor, navbarType, logoHref, onOpenMenu }: Props) {
  const intl = useIntl();
  const navigate = useNavigate();
  const user = useSessionUser();
  const scrolled = useScrollState(isNavbarScrolled);
  const palette = navbarPalette(navbarColor);
  const floating = navbarType === 'floating';

  const entries = groups.flatMap((group) => group.entries.map((entry) => ({ route: entry.route, title: entry.title, group: group.title })));

  return (
    <Box
      className={palette ? 'dark' : undefined}
      // On a colored navbar the dark mode's muted gray is too faint (role line, placeholder).
      css={palette ? { '--chakra-colors-fg-muted': 'var(--chakra-colors-white-alpha-800)' } : undefined}
      data-scrolled={scrolled ? '' : undefined}
      bg={palette ? `${palette}.700` : 'bg.panel'}
      color="fg"
      mx={floating ? { base: '3', md: '6' } : undefined}
      mt={floating ? '3' : undefined}
      rounded={floating ? 'lg' : undefined}
      borderBottomWidth={floating ? undefined : '1px'}
      shadow={floating || scrolled ? 'md' : undefined}
      transition="box-shadow 0.2s"
    >
      <Flex align="center" gap={{ base: '1', md: '3' }} px={{ base: '2', md: '4' }} h="16">
        {onOpenMenu && (
          <IconButton variant="ghost" aria-label={intl.formatMessage(layoutMessages.openMenu)} onClick={onOpenMenu}>
            <MenuIcon />
          </IconButton>
        )}
        {logoHref && <LogoLink href={logoHref} />}
        <SearchBox
          entries={entries}
          staff={canSearchTransactions(user.menu)}
          onOpenRoute={(route) => navigate(paths.screen.getHref(route))}
          onSearchTransaction={(id) => navigate(paths.transactions.getHref(id))}
        />
        <Spacer />
        <LanguageSwitcher />
        <NotificationsMenu />
        <CustomizerToggle />
        <UserMenu />
      </Flex>
    </Box>
  );
}
