import { type ReactNode, createContext, use, useCallback, useEffect, useMemo, useRef, useState } from 'react';

import { useSaveInterfaceSettings } from '../api/save-interface-settings';
import {
  type InterfaceSettings,
  applySettingsToDocument,
  initialSettings,
  readCachedSettings,
  updateSettings,
  writeCachedSettings,
} from '../lib/settings';

type ContextValue = {
  settings: InterfaceSettings;
  update: (patch: Partial<InterfaceSettings>) => void;
  customizerOpen: boolean;
  setCustomizerOpen: (open: boolean) => void;
};

const InterfaceSettingsContext = createContext<ContextValue | null>(null);

export function useInterfaceSettings(): ContextValue {
  const value = use(InterfaceSettingsContext);
  if (!value) throw new Error('useInterfaceSettings outside InterfaceSettingsProvider');
  return value;
}

export const SAVE_DEBOUNCE_MS = 600;

type Props = {
  /** The user's settings as the server has them (`interface_settings` of the session user). */
  serverSettings: unknown;
  children: ReactNode;
};

/**
 * Holds the interface settings: starts from the server's copy (or the local cache), applies them
 * to the document, caches every change in localStorage at once and saves it to the server
 * (PATCH /api/auth/profile), debounced.
 */
export function InterfaceSettingsProvider({ serverSettings, children }: Props) {
  const [settings, setSettings] = useState<InterfaceSettings>(() =>
    initialSettings(serverSettings, readCachedSettings()),
  );
  const [customizerOpen, setCustomizerOpen] = useState(false);
  const save = useSaveInterfaceSettings();
  const saveRef = useRef(save.mutate);
  saveRef.current = save.mutate;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<InterfaceSettings | undefined>(undefined);
  const current = useRef(settings);
  current.current = settings;

  useEffect(() => {
    applySettingsToDocument(settings);
    writeCachedSettings(settings);
  }, [settings]);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    if (pending.current) saveRef.current(pending.current);
    pending.current = undefined;
  }, []);

  // A change made just before leaving (logout, reload) is still sent.
  useEffect(() => flush, [flush]);

  const update = useCallback(
    (patch: Partial<InterfaceSettings>) => {
      const next = updateSettings(current.current, patch);
      current.current = next;
      setSettings(next);
      pending.current = next;
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, SAVE_DEBOUNCE_MS);
    },
    [flush],
  );

  const value = useMemo(
    () => ({ settings, update, customizerOpen, setCustomizerOpen }),
    [settings, update, customizerOpen],
  );
  return <InterfaceSettingsContext value={value}>{children}</InterfaceSettingsContext>;
}
