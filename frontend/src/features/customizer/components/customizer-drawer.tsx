import { Box, CloseButton, Drawer, Flex, Portal, RadioGroup, Stack, Switch, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { type MessageDescriptor, useIntl } from 'react-intl';

import { commonMessages } from '@/i18n/messages';

import { customizerMessages as m } from '../messages';
import { PALETTE } from '../lib/palette';
import {
  DIRECTIONS,
  FOOTER_TYPES,
  type InterfaceSettings,
  LAYOUTS,
  MENU_COLORS,
  NAVBAR_COLORS,
  navbarTypeOptions,
  themeOptions,
} from '../lib/settings';
import { useInterfaceSettings } from './interface-settings-provider';

const LABELS: Record<string, MessageDescriptor> = {
  vertical: m.layoutVertical,
  horizontal: m.layoutHorizontal,
  light: m.modeLight,
  dark: m.modeDark,
  'semi-dark': m.modeSemiDark,
  default: m.colorDefault,
  primary: m.colorPrimary,
  success: m.colorSuccess,
  danger: m.colorDanger,
  info: m.colorInfo,
  warning: m.colorWarning,
  hidden: m.typeHidden,
  static: m.typeStatic,
  sticky: m.typeSticky,
  floating: m.typeFloating,
  ltr: m.directionLtr,
  rtl: m.directionRtl,
};

function labelFor(key: string, group?: 'color'): MessageDescriptor {
  if (group === 'color' && key === 'dark') return m.colorDark;
  return LABELS[key] ?? m.colorDefault;
}

type ChoiceProps<K extends keyof InterfaceSettings> = {
  name: K;
  label: MessageDescriptor;
  options: readonly string[];
  swatches?: boolean;
  hint?: ReactNode;
};

function Choice<K extends keyof InterfaceSettings>({ name, label, options, swatches, hint }: ChoiceProps<K>) {
  const intl = useIntl();
  const { settings, update } = useInterfaceSettings();
  return (
    <RadioGroup.Root
      name={name}
      size="sm"
      colorPalette="blue"
      value={String(settings[name])}
      onValueChange={(details) => {
        if (details.value) update({ [name]: details.value } as Partial<InterfaceSettings>);
      }}
    >
      <Stack gap="2">
        <RadioGroup.Label fontWeight="semibold">{intl.formatMessage(label)}</RadioGroup.Label>
        <Flex wrap="wrap" columnGap="4" rowGap="2">
          {options.map((option) => (
            <RadioGroup.Item key={option} value={option}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              {swatches && (
                <Box
                  aria-hidden="true"
                  boxSize="3.5"
                  rounded="full"
                  borderWidth="1px"
                  bg={option === 'default' ? 'bg' : `${PALETTE[option as keyof typeof PALETTE]}.700`}
                />
              )}
              <RadioGroup.ItemText>{intl.formatMessage(labelFor(option, swatches ? 'color' : undefined))}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Flex>
        {hint && (
          <Text fontSize="xs" color="fg.muted">
            {hint}
          </Text>
        )}
      </Stack>
    </RadioGroup.Root>
  );
}

function Toggle({ name, label, hint }: { name: 'sidebarCollapsed' | 'hideScrollToTop' | 'disableCustomizer'; label: MessageDescriptor; hint?: MessageDescriptor }) {
  const intl = useIntl();
  const { settings, update } = useInterfaceSettings();
  return (
    <Stack gap="1">
      <Switch.Root
        colorPalette="blue"
        checked={settings[name]}
        onCheckedChange={(details) => update({ [name]: details.checked })}
      >
        <Switch.HiddenInput />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label>{intl.formatMessage(label)}</Switch.Label>
      </Switch.Root>
      {hint && (
        <Text fontSize="xs" color="fg.muted">
          {intl.formatMessage(hint)}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The theme customizer (spec §4): every interface setting, applied and saved as it changes.
 * `children` adds sections composed by the app (the change-role action).
 */
export function CustomizerDrawer({ children }: { children?: ReactNode }) {
  const intl = useIntl();
  const { settings, customizerOpen, setCustomizerOpen } = useInterfaceSettings();
  return (
    <Drawer.Root open={customizerOpen} onOpenChange={(details) => setCustomizerOpen(details.open)} placement="end" size="sm">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Stack gap="0">
                <Drawer.Title>{intl.formatMessage(m.title)}</Drawer.Title>
                <Drawer.Description color="fg.muted" fontSize="sm">
                  {intl.formatMessage(m.description)}
                </Drawer.Description>
              </Stack>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="6" pb="6">
                <Choice name="layout" label={m.layout} options={LAYOUTS} hint={intl.formatMessage(m.layoutHint)} />
                <Choice name="theme" label={m.mode} options={themeOptions(settings.layout)} />
                <Choice name="menuTheme" label={m.menuColor} options={MENU_COLORS} swatches />
                <Choice name="navbarColor" label={m.navbarColor} options={NAVBAR_COLORS} swatches />
                <Choice name="navbarType" label={m.navbarType} options={navbarTypeOptions(settings.layout)} />
                <Choice name="footerType" label={m.footerType} options={FOOTER_TYPES} />
                <Choice name="direction" label={m.direction} options={DIRECTIONS} />
                <Toggle name="sidebarCollapsed" label={m.sidebarCollapsed} />
                <Toggle name="hideScrollToTop" label={m.hideScrollToTop} />
                <Toggle name="disableCustomizer" label={m.disableCustomizer} hint={m.disableCustomizerHint} />
                {children}
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage(commonMessages.close)} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
