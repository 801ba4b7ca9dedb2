import { IconButton } from '@chakra-ui/react';
import { useIntl } from 'react-intl';

import { SettingsIcon } from '@/components/icons';
import { useInterfaceSettings } from '@/features/customizer/components/interface-settings-provider';
import { customizerMessages } from '@/features/customizer/messages';

/**
 * Opens the theme customizer. It sits in the navbar, beside the user menu, so it never covers the
 * buttons and inputs at the right edge of a screen; only with the navbar hidden does it float,
 * small, at the edge (the one way left to reach the customizer then).
 */
export function CustomizerToggle({ floating = false }: { floating?: boolean }) {
  const intl = useIntl();
  const { settings, setCustomizerOpen } = useInterfaceSettings();
  if (settings.disableCustomizer) return null;
  const label = intl.formatMessage(customizerMessages.open);
  if (!floating) {
    return (
      <IconButton variant="ghost" aria-label={label} onClick={() => setCustomizerOpen(true)}>
        <SettingsIcon />
      </IconButton>
    );
  }
  return (
    <IconButton
      size="xs"
      position="fixed"
      bottom="2"
      insetInlineEnd="0"
      roundedEnd="none"
      colorPalette="blue"
      zIndex="sticky"
      aria-label={label}
      onClick={() => setCustomizerOpen(true)}
    >
      <SettingsIcon />
    </IconButton>
  );
}
