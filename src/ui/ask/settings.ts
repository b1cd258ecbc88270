import { z } from 'zod/mini';
import { DEFAULT_MODEL } from '../../generation/model-id';

/**
 * The visitor's settings. The key lives in memory unless they opt in to "remember on this device";
 * the model choice is no secret and is always kept. What is read back from storage is parsed, never
 * trusted: another tab, an extension or an old version may have written it.
 */
export interface Settings {
  apiKey: string | undefined;
  model: string;
  remember: boolean;
  /**
   * Whether a set key is used. Off, the stand-in answers with the key kept: a visitor offline, or
   * out of credit, keeps asking without forgetting it.
   */
  useClaude: boolean;
}

export const STORAGE_KEY = 'sourcebound.settings';

const StoredSchema = z.object({
  version: z.literal(1),
  model: z.string().check(z.minLength(1), z.maxLength(200)),
  useClaude: z.optional(z.boolean()),
  apiKey: z.optional(z.string().check(z.minLength(1), z.maxLength(500))),
});

export const DEFAULT_SETTINGS: Settings = {
  apiKey: undefined,
  model: DEFAULT_MODEL,
  remember: false,
  useClaude: true,
};

// Whitespace and the invisible characters a copy from a web page or a password manager can carry along.
const INVISIBLE = /[\s\u00a0\u00ad\u180e\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\ufeff]/gu;

/** A pasted key without the whitespace and invisible characters around or inside it. */
export function cleanKey(pasted: string): string {
  return pasted.replace(INVISIBLE, '');
}

/** Reads what was saved; anything unreadable is dropped rather than half-used. */
export function loadSettings(storage: Storage | undefined): Settings {
  const text = safely(() => storage?.getItem(STORAGE_KEY) ?? null, null);
  if (text === null) return DEFAULT_SETTINGS;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    json = undefined;
  }
  const parsed = StoredSchema.safeParse(json);
  if (!parsed.success) {
    safely(() => storage?.removeItem(STORAGE_KEY), undefined);
    return DEFAULT_SETTINGS;
  }
  const { model, apiKey, useClaude = true } = parsed.data;
  return { model, apiKey, remember: apiKey !== undefined, useClaude };
}

/** Saves the model always and the key only when the visitor chose to be remembered. */
export function saveSettings(storage: Storage | undefined, settings: Settings): void {
  const stored = {
    version: 1,
    model: settings.model,
    useClaude: settings.useClaude,
    ...(settings.remember && settings.apiKey !== undefined ? { apiKey: settings.apiKey } : {}),
  };
  safely(() => storage?.setItem(STORAGE_KEY, JSON.stringify(stored)), undefined);
}

/** "Forget key": out of memory (the caller's job) and out of every storage this site can write. */
export function forgetKey(storages: ReadonlyArray<Storage | undefined>, settings: Settings): Settings {
  const forgotten = { ...settings, apiKey: undefined, remember: false };
  for (const storage of storages) {
    safely(() => storage?.removeItem(STORAGE_KEY), undefined);
  }
  saveSettings(storages[0], forgotten);
  return forgotten;
}

/**
 * Storage can be switched off or full (private windows, quotas); the page then works without it.
 * Only DOMException is expected here; anything else is a bug.
 */
function safely<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch (error) {
    if (error instanceof DOMException) return fallback;
    throw error;
  }
}
