// Whether the visitor keeps documents on this device: a flag the first download can read without
// opening IndexedDB (which would create a database for every visitor) or downloading the code that
// reads one. Only "1" counts; anything else another tab or an old version wrote means nothing is kept.

export const KEPT_FLAG = 'sourcebound.kept-corpus';

/** Whether the action ran: storage switched off or full throws a DOMException. */
export const safely = (action: () => void): boolean => {
  try {
    action();
    return true;
  } catch (error) {
    if (!(error instanceof DOMException)) throw error;
    return false;
  }
};

export function hasKeptCorpus(storage: Storage | undefined): boolean {
  let value: string | null = null;
  safely(() => {
    value = storage?.getItem(KEPT_FLAG) ?? null;
  });
  return value === '1';
}

/** Whether the flag is now set: without storage, or with it full, it is not. */
export const setKeptFlag = (storage: Storage | undefined): boolean =>
  storage !== undefined && safely(() => storage.setItem(KEPT_FLAG, '1'));

export const clearKeptFlag = (storage: Storage | undefined): void => {
  safely(() => storage?.removeItem(KEPT_FLAG));
};
