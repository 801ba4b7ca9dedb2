import { Badge, Box, Button, Flex, Link, Stack, VisuallyHidden, chakra } from '@chakra-ui/react';
import { type FocusEvent, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { NavLink } from 'react-router-dom';

import { ChevronDownIcon } from '@/components/icons';
import { PALETTE } from '@/features/customizer/lib/palette';
import type { MenuColor } from '@/features/customizer/lib/settings';
import { hasMenuShadow } from '@/lib/layout';
import { useScrollState } from '@/hooks/use-scroll-y';

import { layoutMessages } from './messages';
import type { NavGroup } from './use-navigation';

function GroupDropdown({ group, activeRoute, activeGroup, menuColor }: { group: NavGroup; activeRoute: string; activeGroup?: string; menuColor: MenuColor }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const palette = PALETTE[menuColor];
  const containsActive = group.key === activeGroup;

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    <Box
      as="li"
      position="relative"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onBlur={onBlur}
      onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
    >
      <Button
        variant={containsActive ? 'solid' : 'ghost'}
        colorPalette={containsActive ? palette : 'gray'}
        bg={containsActive ? `${palette}.700` : undefined}
        color={containsActive ? 'white' : undefined}
        size="sm"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        {group.title}
        <ChevronDownIcon />
      </Button>
      <Stack
        as="ul"
        id={listId}
        hidden={!open}
        position="absolute"
        top="100%"
        insetInlineStart="0"
        minW="56"
        mt="0"
        p="2"
        gap="0.5"
        bg="bg.panel"
        borderWidth="1px"
        rounded="md"
        shadow="lg"
        listStyleType="none"
        zIndex="dropdown"
      >
        {group.entries.map((entry) => {
          const active = entry.route === activeRoute;
          return (
            <li key={entry.key}>
              <Link
                asChild
                display="flex"
                gap="2"
                px="3"
                py="2"
                rounded="md"
                fontSize="sm"
                color={active ? 'white' : 'fg'}
                bg={active ? `${palette}.700` : undefined}
                _hover={{ bg: active ? `${palette}.800` : 'bg.muted', textDecoration: 'none' }}
              >
                <NavLink to={entry.href} aria-current={active ? 'page' : undefined} onClick={() => setOpen(false)}>
                  <chakra.span flex="1">{entry.title}</chakra.span>
                  {entry.badge !== undefined && entry.badge > 0 && (
                    <Badge colorPalette="red" variant="solid" rounded="full">
                      {entry.badge}
                      <VisuallyHidden> {intl.formatMessage(layoutMessages.pendingBadge, { count: entry.badge })}</VisuallyHidden>
                    </Badge>
                  )}
                </NavLink>
              </Link>
            </li>
          );
        })}
      </Stack>
    </Box>
  );
}

/** The horizontal layout's top menu: one dropdown per group, opened and closed by hover. */
export function HorizontalMenu({ groups, activeRoute, activeGroup, menuColor }: { groups: NavGroup[]; activeRoute: string; activeGroup?: string; menuColor: MenuColor }) {
  const intl = useIntl();
  const shadow = useScrollState(hasMenuShadow);
  return (
    <Box
      as="nav"
      aria-label={intl.formatMessage(layoutMessages.mainMenu)}
      bg="bg.panel"
      borderBottomWidth="1px"
      px="6"
      py="2"
      shadow={shadow ? 'md' : undefined}
      data-shadow={shadow ? '' : undefined}
    >
      <Flex as="ul" gap="1" wrap="wrap" listStyleType="none" m="0" p="0">
        {groups.map((group) => (
          <GroupDropdown key={group.key} group={group} activeRoute={activeRoute} activeGroup={activeGroup} menuColor={menuColor} />
        ))}
      </Flex>
    </Box>
  );
}
