/** localStorage that never throws (private mode, disabled storage, quota). */
export function safeStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function readJson(key: string, storage: Storage | undefined = safeStorage()): unknown {
  try {
    const raw = storage?.getItem(key);
    return raw == null ? undefined : (JSON.parse(raw) as unknown);
  } catch {
    return undefined;
  }
}

export function writeJson(key: string, value: unknown, storage: Storage | undefined = safeStorage()): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or disabled: the value simply is not cached
  }
}
