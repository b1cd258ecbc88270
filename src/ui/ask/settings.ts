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

/** What the form accepts and what is read back: the same limits in both places. */
export const SETTINGS_LIMITS = { model: 200, apiKey: 500 } as const;

// "sk-ant-api03-…", or a long mixed-case token: model ids are lower case ("claude-opus-5").
const KEY_PREFIX = /(?:^|[^a-z])sk-[a-z]/iu;
const TOKEN = /^[\w-]{40,}$/u;
const UPPER = /[A-Z]/u;

/**
 * Whether a value looks like an API key, which must never sit in the Model field (shown, stored, sent).
 * Read as it would be sent once cleaned: a zero-width space inside "sk-" hides nothing.
 */
export function looksLikeApiKey(value: string): boolean {
  const visible = cleanKey(value);
  return KEY_PREFIX.test(visible) || (TOKEN.test(visible) && UPPER.test(visible));
}

/** Why a model id cannot be saved, or undefined when it can. */
export function modelProblem(model: string): string | undefined {
  if (model.length === 0) return 'Enter a model id, e.g. claude-opus-5.';
  if (model.length > SETTINGS_LIMITS.model) {
    return `The model id is ${model.length} characters long; the limit is ${SETTINGS_LIMITS.model}.`;
  }
  if (looksLikeApiKey(model)) {
    return 'That looks like an API key: paste it in the key field, not in Model, where it would be shown and stored.';
  }
  return undefined;
}

/** Why a pasted key cannot be saved, or undefined when it can. */
export function keyProblem(key: string): string | undefined {
  return key.length > SETTINGS_LIMITS.apiKey
    ? `The key is ${key.length} characters long; an API key is at most ${SETTINGS_LIMITS.apiKey}.`
    : undefined;
}

const RecordSchema = z.object({ version: z.literal(1) });
const ModelSchema = z.string().check(z.refine((model) => modelProblem(model) === undefined));
const KeySchema = z.string().check(
  z.minLength(1),
  z.refine((key) => keyProblem(key) === undefined),
);
const SwitchSchema = z.boolean();

/** A field of the stored record, or undefined when it is missing or not what the form would save. */
function field<T>(schema: z.ZodMiniType<T>, value: unknown): T | undefined {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

export const DEFAULT_SETTINGS: Settings = {
  apiKey: undefined,
  model: DEFAULT_MODEL,
  remember: false,
  useClaude: true,
};

// Whitespace and the invisible characters a copy from a web page or a password manager can carry along:
// every format character (Unicode category Cf: zero-width spaces and joiners, the soft hyphen,
// bidirectional marks, the BOM), read from Unicode's data rather than listed by hand.
const INVISIBLE = /[\s\p{Cf}]/gu;

/** A pasted key without the whitespace and invisible characters around or inside it. */
export function cleanKey(pasted: string): string {
  return pasted.replace(INVISIBLE, '');
}

/**
 * Reads what was saved. A record that is not ours is dropped; in one that is, a bad field is dropped
 * alone (a model id too long, or a key in the Model field), so the rest, the key included, survives.
 */
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
  if (!RecordSchema.safeParse(json).success) {
    safely(() => storage?.removeItem(STORAGE_KEY), undefined);
    return DEFAULT_SETTINGS;
  }
  const stored = json as Record<string, unknown>;
  const model = field(ModelSchema, stored.model) ?? DEFAULT_SETTINGS.model;
  const apiKey = field(KeySchema, stored.apiKey);
  const useClaude = field(SwitchSchema, stored.useClaude) ?? true;
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

/**
 * "Forget key": out of memory (the caller's job) and out of every storage this site can write, and out of
 * every field that could hold it: a model id that looks like a key goes too.
 */
export function forgetKey(storages: ReadonlyArray<Storage | undefined>, settings: Settings): Settings {
  const model = looksLikeApiKey(settings.model) ? DEFAULT_SETTINGS.model : settings.model;
  const forgotten = { ...settings, model, apiKey: undefined, remember: false };
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
