import { Box, Flex, IconButton, Link } from '@chakra-ui/react';
import { Suspense, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Outlet, useLocation } from 'react-router-dom';

import { AppLoader } from '@/components/app-loader';
import { ErrorBoundary } from '@/components/error-screens';
import { MenuIcon } from '@/components/icons';
import { paths } from '@/config/paths';
import { useInterfaceSettings } from '@/features/customizer/components/interface-settings-provider';
import { useWindowWidth } from '@/hooks/use-window-width';
import { commonMessages } from '@/i18n/messages';
import { effectiveLayout, isOverlaySidebar, shouldAutoCloseSidebar } from '@/lib/layout';
import { normalizeRoute } from '@/lib/permissions';

import { CustomizerToggle } from './customizer-toggle';
import { Footer } from './footer';
import { NoticeBanner } from '@/features/notices/components/notice-banner';

import { HorizontalMenu } from './horizontal-menu';
import { MaintenanceBanner } from './maintenance-banner';
import { layoutMessages } from './messages';
import { Navbar } from './navbar';
import { ScrollToTop } from './scroll-to-top';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH, Sidebar } from './sidebar';
import { useNavigation } from './use-navigation';

const CONTENT_ID = 'main-content';

function SkipLink() {
  const intl = useIntl();
  return (
    <Link
      href={`#${CONTENT_ID}`}
      position="absolute"
      insetInlineStart="2"
      top="-20"
      _focus={{ top: '2' }}
      zIndex="skipNav"
      bg="bg.panel"
      px="3"
      py="2"
      rounded="md"
      shadow="md"
    >
      {intl.formatMessage(layoutMessages.skipToContent)}
    </Link>
  );
}

function Content() {
  const intl = useIntl();
  const { pathname } = useLocation();
  return (
    <Box as="main" id={CONTENT_ID} tabIndex={-1} flex="1" px={{ base: '4', md: '6' }} py="6" outline="none">
      <MaintenanceBanner />
      <ErrorBoundary resetKey={pathname}>
        <NoticeBanner />
        <Suspense fallback={<AppLoader fullScreen={false} label={intl.formatMessage(commonMessages.loading)} />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
    </Box>
  );
}

function headerPosition(navbarType: string) {
  if (navbarType === 'static') return 'static';
  return 'sticky';
}

/** Picks the vertical or horizontal layout (horizontal only at >= 1200 px) and draws the shell. */
export function AppLayout() {
  const { settings, update } = useInterfaceSettings();
  const width = useWindowWidth();
  const layout = effectiveLayout(settings.layout, width);
  const overlay = isOverlaySidebar(width);
  const nav = useNavigation();
  const { pathname } = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);

  // Small screens: the sidebar's visibility resets on resize.
  useEffect(() => {
    const reset = () => setMobileOpen(false);
    window.addEventListener('resize', reset);
    return () => window.removeEventListener('resize', reset);
  }, []);

  const header = (withMenuButton: boolean, logoHref?: string) =>
    settings.navbarType === 'hidden' ? null : (
      <Navbar
        groups={nav.groups}
        navbarColor={settings.navbarColor}
        navbarType={settings.navbarType}
        logoHref={logoHref}
        onOpenMenu={withMenuButton ? () => setMobileOpen(true) : undefined}
      />
    );

  const chrome = (
    <>
      <Footer type={settings.footerType} />
      {!settings.hideScrollToTop && <ScrollToTop />}
      {settings.navbarType === 'hidden' && <CustomizerToggle floating />}
    </>
  );

  if (layout === 'horizontal') {
    return (
      <Flex direction="column" minH="100dvh" data-layout="horizontal">
        <SkipLink />
        <Box as="header" position={headerPosition(settings.navbarType)} top="0" zIndex="sticky" bg="bg">
          {header(false, nav.logoHref)}
          <HorizontalMenu groups={nav.groups} activeRoute={nav.activeRoute} activeGroup={nav.activeGroup} menuColor={settings.menuTheme} />
        </Box>
        <Content />
        {chrome}
      </Flex>
    );
  }

  const collapsed = settings.sidebarCollapsed || normalizeRoute(pathname) === paths.pagesProfile.route;
  const contentOffset = overlay ? 0 : collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH;
  return (
    <Box minH="100dvh" data-layout="vertical">
      <SkipLink />
      <Sidebar
        groups={nav.groups}
        activeRoute={nav.activeRoute}
        activeGroup={nav.activeGroup}
        logoHref={nav.logoHref}
        menuColor={settings.menuTheme}
        semiDark={settings.theme === 'semi-dark'}
        collapsed={collapsed}
        overlay={overlay}
        open={mobileOpen}
        onClose={() => setMobileOpen(false)}
        onItemClick={() => shouldAutoCloseSidebar(window.innerWidth) && setMobileOpen(false)}
        onToggleCollapsed={() => update({ sidebarCollapsed: !settings.sidebarCollapsed })}
      />
      <Flex direction="column" minH="100dvh" ms={`${contentOffset}px`} transition="margin 0.2s">
        {settings.navbarType !== 'hidden' ? (
          <Box as="header" position={headerPosition(settings.navbarType)} top="0" zIndex="sticky">
            {header(overlay)}
          </Box>
        ) : (
          overlay && <FloatingMenuButton onClick={() => setMobileOpen(true)} />
        )}
        <Content />
        {chrome}
      </Flex>
    </Box>
  );
}

/** With the navbar hidden on a small screen, the sidebar still needs a way in. */
function FloatingMenuButton({ onClick }: { onClick: () => void }) {
  const intl = useIntl();
  return (
    <IconButton
      position="fixed"
      top="3"
      insetInlineStart="3"
      zIndex="sticky"
      variant="surface"
      aria-label={intl.formatMessage(layoutMessages.openMenu)}
      onClick={onClick}
    >
      <MenuIcon />
    </IconButton>
  );
}
