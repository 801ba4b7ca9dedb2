import { type ReactNode, createContext, use, useCallback, useEffect, useMemo, useRef, useState } from 'react';

import { useSaveInterfaceSettings } from '../api/save-interface-settings';
import {
  type InterfaceSettings,
  applySettingsToDocument,
  initialSettings,
  readCachedSettings,
  readUnsavedOwner,
  updateSettings,
  writeCachedSettings,
  writeUnsavedOwner,
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
  /** The session user's id: marks whose change the cache holds until the server has it. */
  userId?: number;
  children: ReactNode;
};

/**
 * Holds the interface settings: starts from the server's copy (or the local cache), applies them
 * to the document, caches every change in localStorage at once and saves it to the server
 * (PATCH /api/auth/profile), debounced. Until the server has a change the cache is marked as the
 * user's unsaved copy: a reload (or a closed tab) within the debounce keeps it and sends it then.
 */
export function InterfaceSettingsProvider({ serverSettings, userId, children }: Props) {
  const owner = String(userId ?? '');
  const [start] = useState(() => {
    const cached = readCachedSettings();
    const marked = readUnsavedOwner();
    const unsaved = cached !== undefined && marked === owner;
    // A mark left by another user is dropped (before any child can change a setting).
    if (marked !== undefined && !unsaved) writeUnsavedOwner(undefined);
    return { settings: initialSettings(serverSettings, cached, unsaved), unsaved };
  });
  const [settings, setSettings] = useState<InterfaceSettings>(start.settings);
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
    const next = pending.current;
    pending.current = undefined;
    if (!next) return;
    saveRef.current(next, {
      onSuccess: () => {
        if (!pending.current) writeUnsavedOwner(undefined);
      },
    });
  }, []);

  // A change the server never got (the page was left before its save) is sent now.
  useEffect(() => {
    if (!start.unsaved) return;
    pending.current = current.current;
    flush();
  }, [start, flush]);

  // A change made just before leaving (logout) is still sent.
  useEffect(() => flush, [flush]);

  const update = useCallback(
    (patch: Partial<InterfaceSettings>) => {
      const next = updateSettings(current.current, patch);
      current.current = next;
      setSettings(next);
      writeCachedSettings(next);
      writeUnsavedOwner(owner);
      pending.current = next;
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, SAVE_DEBOUNCE_MS);
    },
    [flush, owner],
  );

  const value = useMemo(
    () => ({ settings, update, customizerOpen, setCustomizerOpen }),
    [settings, update, customizerOpen],
  );
  return <InterfaceSettingsContext value={value}>{children}</InterfaceSettingsContext>;
}
