// Whether the visitor keeps documents on this device: a flag the first download can read without
// opening IndexedDB (which would create a database for every visitor) or downloading the code that
// reads one. Only "1" counts; anything else another tab or an old version wrote means nothing is kept.

export const KEPT_FLAG = 'sourcebound.kept-corpus';

const safely = (action: () => void) => {
  try {
    action();
  } catch (error) {
    // Storage switched off or full: the flag is a hint, and the store itself says what it holds.
    if (!(error instanceof DOMException)) throw error;
  }
};

export function hasKeptCorpus(storage: Storage | undefined): boolean {
  let value: string | null = null;
  safely(() => {
    value = storage?.getItem(KEPT_FLAG) ?? null;
  });
  return value === '1';
}

export const setKeptFlag = (storage: Storage | undefined) => safely(() => storage?.setItem(KEPT_FLAG, '1'));
export const clearKeptFlag = (storage: Storage | undefined) => safely(() => storage?.removeItem(KEPT_FLAG));
