import { type ReactNode, createContext, use, useCallback, useEffect, useMemo, useState } from 'react';
import { IntlProvider } from 'react-intl';

import { setApiLanguage } from '@/lib/api-client';

import { BUNDLED_MESSAGES, type Messages, loadMessages } from './load-messages';
import { DEFAULT_LOCALE, type Locale, readStoredLocale, writeStoredLocale } from './locales';

type LocaleContextValue = {
  /** The locale on screen (its catalog is loaded). */
  locale: Locale;
  /** The locale asked for; differs from `locale` while its catalog loads. */
  requested: Locale;
  setLocale: (locale: Locale) => void;
};

const LocaleContext = createContext<LocaleContextValue | null>(null);

export function useLocale(): LocaleContextValue {
  const value = use(LocaleContext);
  if (!value) throw new Error('useLocale outside I18nProvider');
  return value;
}

type Props = {
  children: ReactNode;
  initialLocale?: Locale;
  /** Catalogs already in memory (tests pass both). */
  catalogs?: Partial<Record<Locale, Messages>>;
};

export function I18nProvider({ children, initialLocale, catalogs: given }: Props) {
  const [requested, setRequested] = useState<Locale>(() => {
    const locale = initialLocale ?? readStoredLocale();
    setApiLanguage(locale); // before the first request (children's effects run before ours)
    return locale;
  });
  const [catalogs, setCatalogs] = useState<Partial<Record<Locale, Messages>>>(() => ({
    ...BUNDLED_MESSAGES,
    ...given,
  }));
  // False only on a first paint in a non-default language, until its catalog arrives (no flash).
  const [booted, setBooted] = useState(() => Boolean(catalogs[requested]));
  const [shown, setShown] = useState<Locale>(() => (catalogs[requested] ? requested : DEFAULT_LOCALE));

  useEffect(() => {
    setApiLanguage(requested);
    if (catalogs[requested]) {
      setShown(requested);
      return;
    }
    let cancelled = false;
    loadMessages(requested).then(
      (messages) => {
        if (cancelled) return;
        setCatalogs((current) => ({ ...current, [requested]: messages }));
        setShown(requested);
        setBooted(true);
      },
      (error: unknown) => {
        console.error(`Could not load the ${requested} translations`, error);
        if (!cancelled) setBooted(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [requested, catalogs]);

  useEffect(() => {
    document.documentElement.lang = shown;
  }, [shown]);

  const setLocale = useCallback((locale: Locale) => {
    writeStoredLocale(locale);
    setApiLanguage(locale);
    setRequested(locale);
  }, []);

  const value = useMemo(() => ({ locale: shown, requested, setLocale }), [shown, requested, setLocale]);

  return (
    <LocaleContext value={value}>
      <IntlProvider locale={shown} defaultLocale={DEFAULT_LOCALE} messages={catalogs[shown]}>
        {booted ? children : null}
      </IntlProvider>
    </LocaleContext>
  );
}
