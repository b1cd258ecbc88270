/**
 * A stand-in for a Worker: it records what the page posts and answers each post with `replies`, each a
 * message (delivered as `event.data`) or `{ error }` (an error event, as when a worker script fails).
 */
export function fakeWorker<Reply>(replies: ReadonlyArray<Reply | { error: string }>) {
  const listeners: Record<string, Array<(event: never) => void>> = { message: [], error: [] };
  const worker = {
    posted: [] as unknown[],
    terminated: 0,
    addEventListener(type: string, listener: (event: never) => void) {
      listeners[type]?.push(listener);
    },
    postMessage(message: unknown) {
      // Copied as a browser copies it to a worker: what cannot cross (a function) throws here too.
      worker.posted.push(structuredClone(message));
      for (const reply of replies) {
        const isError = typeof reply === 'object' && reply !== null && 'error' in reply;
        if (isError)
          for (const l of listeners.error ?? []) l({ message: (reply as { error: string }).error } as never);
        else for (const l of listeners.message ?? []) l({ data: reply } as never);
      }
    },
    terminate() {
      worker.terminated++;
    },
  };
  return worker;
}
