import { Box, Button, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';

import { ChevronDownIcon, LogOutIcon, SettingsIcon, UserIcon } from '@/components/icons';
import { UserAvatar } from '@/components/user-avatar';
import { paths } from '@/config/paths';
import { useInterfaceSettings } from '@/features/customizer/components/interface-settings-provider';
import { useRoleView } from '@/features/role-switch/components/role-view-provider';
import { DEMO_ROLES } from '@/features/role-switch/lib/role-state';
import { roleMessage } from '@/i18n/messages';
import { useLogout } from '@/lib/auth/logout';
import { useSessionUser } from '@/lib/auth/session';

import { layoutMessages as m } from './messages';

const OWN_ROLE = '__own__';

/** Name, role and avatar; menu with Edit profile, theme customizer, change role and Log out. */
export function UserMenu() {
  const intl = useIntl();
  const navigate = useNavigate();
  const user = useSessionUser();
  const { viewRole, changed, changeRole, resetRole } = useRoleView();
  const { setCustomizerOpen } = useInterfaceSettings();
  const logout = useLogout();
  const roleLabel = intl.formatMessage(roleMessage(viewRole));

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" h="auto" py="1" px="2" gap="2" aria-label={intl.formatMessage(m.userMenu, { name: user.userName })}>
          <Stack gap="0" align="end" display={{ base: 'none', md: 'flex' }} lineHeight="short">
            <Text fontSize="sm" fontWeight="semibold">
              {user.userName}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {changed ? intl.formatMessage(m.viewingAs, { role: roleLabel }) : roleLabel}
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
            <Menu.Root positioning={{ placement: 'left-start', gutter: 4 }}>
              <Menu.TriggerItem>
                <Box flex="1">{intl.formatMessage(m.changeRole)}</Box>
              </Menu.TriggerItem>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content maxH="sm" overflowY="auto" minW="60">
                    <Menu.ItemGroup>
                      <Menu.ItemGroupLabel fontWeight="normal" color="fg.muted" fontSize="xs">
                        {intl.formatMessage(m.changeRoleHint)}
                      </Menu.ItemGroupLabel>
                      <Menu.RadioItemGroup
                        value={changed ? viewRole : OWN_ROLE}
                        onValueChange={(details) => (details.value === OWN_ROLE ? resetRole() : changeRole(details.value))}
                      >
                        <Menu.RadioItem value={OWN_ROLE}>
                          {intl.formatMessage(m.myRole, { role: intl.formatMessage(roleMessage(user.role)) })}
                          <Menu.ItemIndicator />
                        </Menu.RadioItem>
                        {DEMO_ROLES.map((role) => (
                          <Menu.RadioItem key={role} value={role}>
                            {intl.formatMessage(roleMessage(role))}
                            <Menu.ItemIndicator />
                          </Menu.RadioItem>
                        ))}
                      </Menu.RadioItemGroup>
                    </Menu.ItemGroup>
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
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
