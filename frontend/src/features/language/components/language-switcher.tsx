import { Button, Menu, Portal } from '@chakra-ui/react';
import { useIntl } from 'react-intl';

import { GlobeIcon } from '@/components/icons';
import { LOCALES, type Locale, isLocale } from '@/i18n/locales';
import { useLocale } from '@/i18n/i18n-provider';

import { useSaveLanguage } from '../api/save-language';
import { languageMessages as m } from '../messages';

/** Short codes shown on the button. */
const SHORT: Record<Locale, string> = { 'pt-BR': 'PT', en: 'EN' };

/**
 * Language switcher (pt-BR default, English). The choice is kept in localStorage at once and, for
 * a signed-in user, saved to the profile.
 */
export function LanguageSwitcher({ signedIn = true }: { signedIn?: boolean }) {
  const intl = useIntl();
  const { requested, setLocale } = useLocale();
  const save = useSaveLanguage();

  const choose = (value: string) => {
    if (!isLocale(value) || value === requested) return;
    setLocale(value);
    if (signedIn) save.mutate(value);
  };

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button
          variant="ghost"
          size="sm"
          // The name holds the visible code too (WCAG 2.5.3, label in name): "Language: English, EN".
          aria-label={`${intl.formatMessage(m.button, { language: intl.formatMessage(m[requested]) })}, ${SHORT[requested]}`}
        >
          <GlobeIcon />
          {SHORT[requested]}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.RadioItemGroup value={requested} onValueChange={(details) => choose(details.value)}>
              {LOCALES.map((locale) => (
                <Menu.RadioItem key={locale} value={locale}>
                  <span lang={locale}>{intl.formatMessage(m[locale])}</span>
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
