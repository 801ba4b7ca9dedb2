import { Badge, Box, Button, Flex, IconButton, Link, Stack, VisuallyHidden, chakra } from '@chakra-ui/react';
import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { NavLink } from 'react-router-dom';

import { ChevronDownIcon, ChevronStartIcon, CircleIcon, CloseIcon } from '@/components/icons';
import { PALETTE } from '@/features/customizer/lib/palette';
import type { MenuColor } from '@/features/customizer/lib/settings';
import { hasMenuShadow } from '@/lib/layout';

import { LogoLink } from './logo-link';
import { layoutMessages } from './messages';
import type { NavEntry, NavGroup } from './use-navigation';

export const SIDEBAR_WIDTH = 260;
export const SIDEBAR_COLLAPSED_WIDTH = 80;

type Props = {
  groups: NavGroup[];
  activeRoute: string;
  activeGroup?: string;
  logoHref: string;
  menuColor: MenuColor;
  semiDark: boolean;
  /** Collapsed by the user (or by the route): icons only until hovered. */
  collapsed: boolean;
  /** Off-canvas mode (small screens): shown only while `open`. */
  overlay: boolean;
  open: boolean;
  onClose: () => void;
  onItemClick: () => void;
  onToggleCollapsed: () => void;
};

function EntryLink({ entry, active, compact, menuColor, onClick }: { entry: NavEntry; active: boolean; compact: boolean; menuColor: MenuColor; onClick: () => void }) {
  const intl = useIntl();
  const palette = PALETTE[menuColor];
  return (
    <li>
      <Link
        asChild
        display="flex"
        alignItems="center"
        gap="3"
        px="3"
        py="2"
        rounded="md"
        fontSize="sm"
        textDecoration="none"
        color={active ? 'white' : 'fg'}
        bg={active ? `${palette}.700` : undefined}
        _hover={{ bg: active ? `${palette}.800` : 'bg.muted', textDecoration: 'none' }}
        justifyContent={compact ? 'center' : undefined}
      >
        <NavLink to={entry.href} onClick={onClick} aria-current={active ? 'page' : undefined} title={compact ? entry.title : undefined}>
          <CircleIcon boxSize="0.7em" flexShrink="0" />
          {compact ? <VisuallyHidden>{entry.title}</VisuallyHidden> : <chakra.span flex="1">{entry.title}</chakra.span>}
          {entry.badge !== undefined && entry.badge > 0 && !compact && (
            <Badge colorPalette="red" variant="solid" rounded="full">
              {entry.badge}
              <VisuallyHidden> {intl.formatMessage(layoutMessages.pendingBadge, { count: entry.badge })}</VisuallyHidden>
            </Badge>
          )}
        </NavLink>
      </Link>
    </li>
  );
}

function Group({ group, open, onToggle, compact, activeRoute, menuColor, onItemClick }: { group: NavGroup; open: boolean; onToggle: () => void; compact: boolean; activeRoute: string; menuColor: MenuColor; onItemClick: () => void }) {
  const listId = useId();
  return (
    <li>
      {compact ? (
        <Box as="hr" my="2" mx="3" borderColor="border" aria-hidden="true" />
      ) : (
        <Button
          variant="ghost"
          size="xs"
          w="full"
          justifyContent="space-between"
          textTransform="uppercase"
          letterSpacing="wider"
          color="fg.muted"
          fontWeight="semibold"
          aria-expanded={open}
          aria-controls={listId}
          onClick={onToggle}
        >
          {group.title}
          <ChevronDownIcon transform={open ? undefined : 'rotate(-90deg)'} transition="transform 0.15s" />
        </Button>
      )}
      <Stack as="ul" id={listId} gap="0.5" listStyleType="none" m="0" p="0" mt="1" hidden={!compact && !open ? true : undefined} aria-label={compact ? group.title : undefined}>
        {group.entries.map((entry) => (
          <EntryLink
            key={entry.key}
            entry={entry}
            active={entry.route === activeRoute}
            compact={compact}
            menuColor={menuColor}
            onClick={onItemClick}
          />
        ))}
      </Stack>
    </li>
  );
}

/** The vertical layout's menu (spec §4 sidebar rules). */
export function Sidebar(props: Props) {
  const { groups, activeRoute, activeGroup, logoHref, menuColor, semiDark, collapsed, overlay, open, onClose, onItemClick, onToggleCollapsed } = props;
  const intl = useIntl();
  const [hovered, setHovered] = useState(false);
  const [shadow, setShadow] = useState(false);
  const [openGroups, setOpenGroups] = useState<Set<string>>(() => new Set([activeGroup ?? groups[0]?.key ?? '']));

  // A route change (search, link) opens the group that holds the new route.
  useEffect(() => {
    if (activeGroup) setOpenGroups((current) => (current.has(activeGroup) ? current : new Set(current).add(activeGroup)));
  }, [activeGroup]);

  const toggleGroup = (key: string) =>
    setOpenGroups((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const desktopCollapsed = !overlay && collapsed;
  const compact = desktopCollapsed && !hovered;
  const width = compact ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH;
  const hiddenOffCanvas = overlay && !open;

  return (
    <>
      {overlay && open && (
        <Box position="fixed" inset="0" bg="blackAlpha.600" zIndex="overlay" onClick={onClose} aria-hidden="true" data-testid="sidebar-backdrop" />
      )}
      <Box
        as="aside"
        className={semiDark ? 'dark' : undefined}
        data-collapsed={compact ? '' : undefined}
        position="fixed"
        top="0"
        bottom="0"
        insetInlineStart={hiddenOffCanvas ? `-${SIDEBAR_WIDTH + 20}px` : '0'}
        visibility={hiddenOffCanvas ? 'hidden' : 'visible'}
        w={`${width}px`}
        bg="bg.panel"
        color="fg"
        borderInlineEndWidth="1px"
        zIndex={overlay ? 'modal' : 'docked'}
        shadow={(overlay && open) || (desktopCollapsed && hovered) ? 'xl' : undefined}
        transition="width 0.2s, inset-inline-start 0.25s"
        display="flex"
        flexDirection="column"
        onMouseEnter={() => desktopCollapsed && setHovered(true)}
        onMouseLeave={() => setHovered(false)}
      >
        <Flex align="center" justify="space-between" h="16" px="4" flexShrink="0" shadow={shadow ? 'md' : undefined} gap="2">
          <LogoLink href={logoHref} showWord={!compact} />
          {overlay ? (
            <IconButton variant="ghost" size="sm" aria-label={intl.formatMessage(layoutMessages.closeMenu)} onClick={onClose}>
              <CloseIcon />
            </IconButton>
          ) : (
            !compact && (
              <IconButton
                variant="ghost"
                size="sm"
                aria-label={intl.formatMessage(collapsed ? layoutMessages.expandSidebar : layoutMessages.collapseSidebar)}
                aria-pressed={collapsed}
                onClick={onToggleCollapsed}
              >
                <ChevronStartIcon transform={collapsed ? 'scaleX(-1)' : undefined} _rtl={{ transform: collapsed ? undefined : 'scaleX(-1)' }} />
              </IconButton>
            )
          )}
        </Flex>
        <Box
          as="nav"
          aria-label={intl.formatMessage(layoutMessages.mainMenu)}
          flex="1"
          overflowY="auto"
          px="3"
          pb="6"
          onScroll={(event) => setShadow(hasMenuShadow(event.currentTarget.scrollTop))}
        >
          <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
            {groups.map((group) => (
              <Group
                key={group.key}
                group={group}
                open={openGroups.has(group.key)}
                onToggle={() => toggleGroup(group.key)}
                compact={compact}
                activeRoute={activeRoute}
                menuColor={menuColor}
                onItemClick={onItemClick}
              />
            ))}
          </Stack>
        </Box>
      </Box>
    </>
  );
}
