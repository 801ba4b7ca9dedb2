import { defineMessage, defineMessages } from 'react-intl';

export const layoutMessages = {
  ...defineMessages({
    skipToContent: { id: 'layout.skipToContent', defaultMessage: 'Skip to content' },
    maintenanceTitle: { id: 'layout.maintenance.title', defaultMessage: 'Notice from the platform' },
    mainMenu: { id: 'layout.mainMenu', defaultMessage: 'Main menu' },
    logoHome: { id: 'layout.logoHome', defaultMessage: 'Cofre, go to home' },
    openMenu: { id: 'layout.openMenu', defaultMessage: 'Open menu' },
    closeMenu: { id: 'layout.closeMenu', defaultMessage: 'Close menu' },
    collapseSidebar: { id: 'layout.collapseSidebar', defaultMessage: 'Collapse sidebar' },
    expandSidebar: { id: 'layout.expandSidebar', defaultMessage: 'Expand sidebar' },
    editProfile: { id: 'layout.editProfile', defaultMessage: 'Edit profile' },
    customizeTheme: { id: 'layout.customizeTheme', defaultMessage: 'Customize theme' },
    logout: { id: 'layout.logout', defaultMessage: 'Log out' },
    scrollToTop: { id: 'layout.scrollToTop', defaultMessage: 'Scroll to top' },
    notAuthorizedTitle: { id: 'layout.notAuthorized.title', defaultMessage: 'You are not authorized!' },
    notAuthorizedText: {
      id: 'layout.notAuthorized.text',
      defaultMessage: 'You do not have permission to see this page. Go back home or sign in with another account.',
    },
    backHome: { id: 'layout.backHome', defaultMessage: 'Back to home' },
    notFoundTitle: { id: 'layout.notFound.title', defaultMessage: 'Page not found' },
    notFoundText: { id: 'layout.notFound.text', defaultMessage: 'There is no page at this address. Check the link, or go back home.' },
    signInAgain: { id: 'layout.signInAgain', defaultMessage: 'Sign in with another account' },
  }),
  pendingBadge: defineMessage<{ count: number }>({ id: 'layout.pendingBadge', defaultMessage: '{count, plural, one {# pending} other {# pending}}' }),
  userMenu: defineMessage<{ name: string }>({ id: 'layout.userMenu', defaultMessage: 'User menu for {name}' }),
  viewingAs: defineMessage<{ role: string }>({ id: 'layout.viewingAs', defaultMessage: 'Viewing as {role}' }),
  footer: defineMessage<{ year: number }>({ id: 'layout.footer', defaultMessage: '© {year} Cofre. Payments back-office.' }),
};
