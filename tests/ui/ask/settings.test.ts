import { describe, expect, it } from 'vitest';
import {
  cleanKey,
  DEFAULT_SETTINGS,
  forgetKey,
  keyProblem,
  loadSettings,
  looksLikeApiKey,
  modelProblem,
  STORAGE_KEY,
  saveSettings,
} from '../../../src/ui/ask/settings';
import { fakeAnthropicKey } from '../../helpers/fake-key';

/** An in-memory Storage, optionally broken the way a private window's is. */
function memoryStorage(options: { broken?: boolean } = {}): Storage {
  const items = new Map<string, string>();
  const guard = () => {
    if (options.broken) throw new DOMException('denied', 'SecurityError');
  };
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem(key) {
      guard();
      return items.get(key) ?? null;
    },
    key: (index) => [...items.keys()][index] ?? null,
    removeItem(key) {
      guard();
      items.delete(key);
    },
    setItem(key, value) {
      guard();
      items.set(key, value);
    },
  };
}

const KEY = 'test-key-0123456789';

describe('cleanKey', () => {
  it('drops whitespace and invisible characters a paste can carry', () => {
    expect(cleanKey(` \t${KEY}\u200b\ufeff\u00a0\n`)).toBe(KEY);
  });

  it('leaves visible characters alone, even wrong ones', () => {
    expect(cleanKey(`“${KEY}”`)).toBe(`“${KEY}”`);
  });
});

describe('settings storage', () => {
  it('saves the model always and the key only when remembered', () => {
    const storage = memoryStorage();
    saveSettings(storage, { apiKey: KEY, model: 'm', remember: false, useClaude: true });
    expect(storage.getItem(STORAGE_KEY)).toBe('{"version":1,"model":"m","useClaude":true}');
    saveSettings(storage, { apiKey: KEY, model: 'm', remember: true, useClaude: false });
    expect(loadSettings(storage)).toEqual({ apiKey: KEY, model: 'm', remember: true, useClaude: false });
  });

  it('reads settings saved before the Claude switch existed as using Claude', () => {
    const storage = memoryStorage();
    storage.setItem(STORAGE_KEY, JSON.stringify({ version: 1, model: 'm' }));
    expect(loadSettings(storage).useClaude).toBe(true);
  });

  it.each([['not json'], ['{"version":2,"model":"m"}'], ['null']])(
    'drops what it cannot read back (%s) and starts from the defaults',
    (stored) => {
      const storage = memoryStorage();
      storage.setItem(STORAGE_KEY, stored);
      expect(loadSettings(storage)).toEqual(DEFAULT_SETTINGS);
      expect(storage.getItem(STORAGE_KEY)).toBeNull();
    },
  );

  it('works without storage, or with storage that refuses every call', () => {
    expect(loadSettings(undefined)).toEqual(DEFAULT_SETTINGS);
    const broken = memoryStorage({ broken: true });
    expect(loadSettings(broken)).toEqual(DEFAULT_SETTINGS);
    expect(() =>
      saveSettings(broken, { apiKey: KEY, model: 'm', remember: true, useClaude: true }),
    ).not.toThrow();
  });

  it('rethrows what is not a storage failure: a bug is not swallowed', () => {
    const buggy = {
      ...memoryStorage(),
      getItem: () => {
        throw new TypeError('bug');
      },
    } as Storage;
    expect(() => loadSettings(buggy)).toThrow(TypeError);
  });

  it('forgetKey removes the key from every storage and keeps the model', () => {
    const local = memoryStorage();
    const session = memoryStorage();
    session.setItem(STORAGE_KEY, JSON.stringify({ version: 1, model: 'm', apiKey: KEY }));
    saveSettings(local, { apiKey: KEY, model: 'm', remember: true, useClaude: true });
    const forgotten = forgetKey([local, session], {
      apiKey: KEY,
      model: 'm',
      remember: true,
      useClaude: true,
    });
    expect(forgotten).toEqual({ apiKey: undefined, model: 'm', remember: false, useClaude: true });
    expect(local.getItem(STORAGE_KEY)).not.toContain(KEY);
    expect(session.getItem(STORAGE_KEY)).toBeNull();
  });
});

describe('settings: a bad field drops that field, never the record', () => {
  it('keeps the remembered key when the model id saved beside it is over 200 characters', () => {
    const storage = memoryStorage();
    storage.setItem(STORAGE_KEY, JSON.stringify({ version: 1, model: 'm'.repeat(201), apiKey: KEY }));
    expect(loadSettings(storage)).toEqual({ ...DEFAULT_SETTINGS, apiKey: KEY, remember: true });
  });

  it.each([
    ['an empty model', { model: '' }, { model: DEFAULT_SETTINGS.model }],
    [
      'a key in the Model field',
      { model: fakeAnthropicKey('abcdefghijklmnopqrstuvwxyz') },
      { model: DEFAULT_SETTINGS.model },
    ],
    ['a key over 500 characters', { model: 'm', apiKey: 'k'.repeat(501) }, { model: 'm', apiKey: undefined }],
    ['a switch that is not a boolean', { model: 'm', useClaude: 'no' }, { model: 'm', useClaude: true }],
  ])('drops %s alone', (_name, fields, expected) => {
    const storage = memoryStorage();
    storage.setItem(STORAGE_KEY, JSON.stringify({ version: 1, ...fields }));
    expect(loadSettings(storage)).toMatchObject(expected);
  });
});

describe('settings: the limits the form enforces', () => {
  it.each([
    [fakeAnthropicKey('AbCdEf0123456789')],
    ['sk-proj-abc'],
    ['AbCdEfGhIjKlMnOpQrStUvWxYz0123456789AbCdEf'],
  ])('refuses what looks like an API key (%s) in the Model field', (pasted) => {
    expect(looksLikeApiKey(pasted)).toBe(true);
    expect(modelProblem(pasted)).toMatch(/looks like an API key/);
  });

  it.each([['claude-opus-5'], ['claude-3-5-sonnet-20241022'], ['claude-haiku-5@2026-01-01']])(
    'accepts a model id (%s)',
    (model) => {
      expect(modelProblem(model)).toBeUndefined();
    },
  );

  it('says how long an over-long model id or key is', () => {
    expect(modelProblem('m'.repeat(201))).toMatch(/201 characters long; the limit is 200/);
    expect(keyProblem('k'.repeat(501))).toMatch(/501 characters long; an API key is at most 500/);
    expect(keyProblem(KEY)).toBeUndefined();
  });

  it.each([['\u200b'], ['\u00ad'], ['\u2060'], ['\ufeff'], ['\u202e'], ['\u{e0001}']])(
    'sees a key in the Model field through a format character (U+%s) inside "sk-" (issue 35)',
    (hidden) => {
      const pasted = fakeAnthropicKey('AbCdEf0123456789').replace('sk-', `s${hidden}k-`);
      expect(looksLikeApiKey(pasted)).toBe(true);
      expect(modelProblem(pasted)).toMatch(/looks like an API key/);
      const storage = memoryStorage();
      storage.setItem(STORAGE_KEY, JSON.stringify({ version: 1, model: pasted, useClaude: true }));
      expect(loadSettings(storage).model).toBe(DEFAULT_SETTINGS.model);
    },
  );

  it('Forget key clears a key pasted in the Model field too', () => {
    const storage = memoryStorage();
    const settings = { ...DEFAULT_SETTINGS, model: fakeAnthropicKey('secret'), apiKey: KEY };
    const forgotten = forgetKey([storage], settings);
    expect(forgotten.model).toBe(DEFAULT_SETTINGS.model);
    expect(storage.getItem(STORAGE_KEY)).not.toContain('sk-ant');
  });
});
