import { Button, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';

import { ChevronDownIcon, LogOutIcon, SettingsIcon, UserIcon } from '@/components/icons';
import { UserAvatar } from '@/components/user-avatar';
import { paths } from '@/config/paths';
import { useInterfaceSettings } from '@/features/customizer/components/interface-settings-provider';
import { useRoleView } from '@/features/role-switch/components/role-view-provider';
import { roleMessage } from '@/i18n/messages';
import { useLogout } from '@/lib/auth/logout';
import { useSessionUser } from '@/lib/auth/session';

import { layoutMessages as m } from './messages';

/** Name, role and avatar; menu with Edit profile, the theme customizer (and change role) and Log out. */
export function UserMenu() {
  const intl = useIntl();
  const navigate = useNavigate();
  const user = useSessionUser();
  const { viewRole, changed } = useRoleView();
  const { setCustomizerOpen } = useInterfaceSettings();
  const logout = useLogout();
  const roleLabel = intl.formatMessage(roleMessage(viewRole));
  const roleLine = changed ? intl.formatMessage(m.viewingAs, { role: roleLabel }) : roleLabel;

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" h="auto" py="1" px="2" gap="2" aria-label={`${intl.formatMessage(m.userMenu, { name: user.userName })}, ${roleLine}`}>
          <Stack gap="0" align="end" display={{ base: 'none', md: 'flex' }} lineHeight="short">
            <Text fontSize="sm" fontWeight="semibold">
              {user.userName}
            </Text>{' '}
            <Text fontSize="xs" color="fg.muted">
              {roleLine}
            </Text>
          </Stack>
          <UserAvatar name={user.userName} src={user.avatar_url} size="sm" />
          <ChevronDownIcon />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56">
            <Menu.Item value="profile" onSelect={() => navigate(paths.profile.getHref())}>
              <UserIcon />
              {intl.formatMessage(m.editProfile)}
            </Menu.Item>
            <Menu.Item value="customizer" onSelect={() => setCustomizerOpen(true)}>
              <SettingsIcon />
              {intl.formatMessage(m.customizeTheme)}
            </Menu.Item>
            <Menu.Separator />
            <Menu.Item value="logout" onSelect={() => logout.mutate()}>
              <LogOutIcon />
              {intl.formatMessage(m.logout)}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
