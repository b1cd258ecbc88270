import { describe, expect, it, vi } from 'vitest';
import { parseIndex, serializeIndex } from '../../../src/compiled-index/parse';
import type { CompiledIndex } from '../../../src/compiled-index/types';
import type { BuildCorpus } from '../../../src/ui/own-documents/corpus-build';
import type { PickedFile } from '../../../src/ui/own-documents/corpus-files';
import { type KeptStore, KeptStoreError } from '../../../src/ui/own-documents/kept-corpus';
import {
  announceProgress,
  createOwnDocuments,
  describeProgress,
  type OwnDocumentsState,
} from '../../../src/ui/own-documents/own-documents';
import { compileHere } from '../../helpers/page';

const file = (name: string, text: string): PickedFile => new File([text], name);
const bikes = () => file('bikes.md', '# Bikes\n\n## Tyres\n\nPump the tyres to 4 bar every week.\n');
const garden = () => file('garden.md', '# Garden\n\n## Roses\n\nPrune roses in March.\n');

/** A device in memory: what is kept, and switches to hold a load or make an operation fail. */
function memoryDevice(initial?: Uint8Array, initialParts: ReadonlyMap<string, Uint8Array> = new Map()) {
  let kept = initial;
  let parts = new Map(initialParts);
  const failing = { save: false, remove: false };
  let releaseLoad: (() => void) | undefined;
  let loadGate: Promise<void> | undefined;
  let partGate: Promise<void> | undefined;
  const partReads: string[] = [];
  const store: KeptStore = {
    load: async () => {
      await loadGate;
      return kept;
    },
    readPart: async (path) => {
      partReads.push(path);
      await partGate;
      const part = parts.get(path);
      if (part === undefined) throw new KeptStoreError(`${path} is not on this device`);
      return part;
    },
    save: async (files) => {
      if (failing.save) throw new KeptStoreError('The quota has been exceeded.');
      kept = files.index;
      parts = new Map(files.parts);
    },
    remove: async () => {
      if (failing.remove) throw new KeptStoreError('The device said no.');
      kept = undefined;
      parts = new Map();
    },
  };
  return {
    store,
    failing,
    partReads,
    parts: () => parts,
    keptIds: () =>
      kept &&
      parseIndex(kept, { readBlock: (path) => parts.get(path) as Uint8Array }).passages.map(
        (passage) => passage.id,
      ),
    /** Holds every part read until the returned function is called. */
    holdParts: () => {
      let release: () => void = () => undefined;
      partGate = new Promise((resolve) => {
        release = resolve;
      });
      return release;
    },
    holdLoads: () => {
      loadGate = new Promise((resolve) => {
        releaseLoad = resolve;
      });
      return () => releaseLoad?.();
    },
  };
}

type Device = ReturnType<typeof memoryDevice>;

function documentsOn(device: Device, build: BuildCorpus = compileHere, splitAbove?: number) {
  const states: OwnDocumentsState[] = [];
  const inPage: Array<CompiledIndex | undefined> = [];
  const reportBug = vi.fn();
  const documents = createOwnDocuments({
    store: device.store,
    build,
    onBuilt: (index) => inPage.push(index),
    onRemove: () => inPage.push(undefined),
    onChange: (state) => states.push(state),
    reportBug,
    ...(splitAbove === undefined ? {} : { splitAbove }),
  });
  const settled = () => vi.waitFor(() => expect(documents.state.status.phase).not.toBe('working'));
  const keepingSettled = () => vi.waitFor(() => expect(documents.state.keeping.phase).not.toBe('saving'));
  return { documents, states, inPage, reportBug, settled, keepingSettled, current: () => inPage.at(-1) };
}

const ids = (index: CompiledIndex | undefined) => index?.passages.map((passage) => passage.id);

describe('own documents: bringing them', () => {
  it('reads and indexes what the visitor brings, and puts it in the page', async () => {
    const on = documentsOn(memoryDevice());
    on.documents.take({ id: 1, files: [bikes() as File], entries: [] });
    await on.settled();
    expect(on.documents.state.status).toEqual({ phase: 'built', leftOut: [] });
    expect(ids(on.current())).toEqual(['bikes#tyres']);
    expect(on.states.map((state) => state.status.phase)).toContain('working');
  });

  it('lets the newest pick win over one still being indexed', async () => {
    let releaseFirst: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const build: BuildCorpus = async (request) => {
      if (request.files[0]?.path === 'bikes.md') await held;
      return compileHere(request);
    };
    const on = documentsOn(memoryDevice(), build);
    on.documents.take({ id: 1, files: [bikes() as File], entries: [] });
    on.documents.take({ id: 2, files: [garden() as File], entries: [] });
    await vi.waitFor(() => expect(on.inPage).toHaveLength(1));
    releaseFirst();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(on.inPage.map(ids)).toEqual([['garden#roses']]);
  });

  it('lists every problem and leaves the page alone when the files cannot be indexed', async () => {
    const on = documentsOn(memoryDevice());
    on.documents.take({ id: 1, files: [file('empty.md', '') as File], entries: [] });
    await on.settled();
    expect(on.documents.state.status.phase).toBe('failed');
    expect(on.inPage).toEqual([]);
  });
});

describe('own documents: progress and Cancel', () => {
  /** A build that reports reading each file, then waits until released or aborted. */
  function heldBuild() {
    let release: () => void = () => undefined;
    const signals: AbortSignal[] = [];
    const build: BuildCorpus = async (request, options) => {
      if (options?.signal !== undefined) signals.push(options.signal);
      for (const [index, one] of request.files.entries())
        options?.onProgress?.({
          phase: 'reading',
          file: index + 1,
          of: request.files.length,
          path: one.path,
        });
      await new Promise<void>((resolve, reject) => {
        release = resolve;
        options?.signal?.addEventListener('abort', () => reject(options.signal?.reason));
      });
      return compileHere(request);
    };
    return { build, signals, release: () => release() };
  }

  it('shows the file being read, and lets the visitor cancel only while files are read', async () => {
    const held = heldBuild();
    const on = documentsOn(memoryDevice(), held.build);
    on.documents.take({ id: 1, files: [bikes() as File, garden() as File], entries: [] });
    await vi.waitFor(() =>
      expect(on.documents.state.status).toEqual({
        phase: 'working',
        step: 'Reading 2 of 2: garden.md',
        progress: { phase: 'reading', file: 2, of: 2, path: 'garden.md' },
        cancellable: true,
      }),
    );
    on.documents.cancel();
    expect(on.documents.state.status).toEqual({ phase: 'cancelled' });
    expect(held.signals.map((signal) => signal.aborted)).toEqual([true]);
    held.release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Nothing half-built is used: the page keeps what it had, and the status stays "cancelled".
    expect(on.inPage).toEqual([]);
    expect(on.documents.state.status).toEqual({ phase: 'cancelled' });
    expect(on.reportBug).not.toHaveBeenCalled();
  });

  it('cancels nothing once the documents are in, and lets the next pick read as usual', async () => {
    const on = documentsOn(memoryDevice());
    on.documents.take({ id: 1, files: [bikes() as File], entries: [] });
    await on.settled();
    on.documents.cancel();
    expect(on.documents.state.status).toEqual({ phase: 'built', leftOut: [] });
    on.documents.take({ id: 2, files: [garden() as File], entries: [] });
    await vi.waitFor(() => expect(on.inPage).toHaveLength(2));
    expect(ids(on.current())).toEqual(['garden#roses']);
  });

  it('aborts the build a newer pick replaces', async () => {
    const held = heldBuild();
    const on = documentsOn(memoryDevice(), held.build);
    on.documents.take({ id: 1, files: [bikes() as File], entries: [] });
    await vi.waitFor(() => expect(held.signals).toHaveLength(1));
    on.documents.take({ id: 2, files: [garden() as File], entries: [] });
    await vi.waitFor(() => expect(held.signals).toHaveLength(2));
    expect(held.signals.map((signal) => signal.aborted)).toEqual([true, false]);
  });
});

describe('describeProgress and announceProgress', () => {
  const reading = (file: number, of: number) => ({
    phase: 'reading' as const,
    file,
    of,
    path: 'guide/config.md',
  });

  it('shows every file, and announces the count, then each quarter, so at most four times while reading', () => {
    expect(describeProgress(reading(12, 38))).toBe('Reading 12 of 38: guide/config.md');
    const said = Array.from({ length: 1000 }, (_, index) => announceProgress(reading(index + 1, 1000)));
    expect([...new Set(said)]).toEqual([
      'Reading 1,000 files…',
      'Reading 1,000 files: 25% done',
      'Reading 1,000 files: 50% done',
      'Reading 1,000 files: 75% done',
    ]);
    expect(announceProgress(reading(1, 1))).toBe('Reading 1 file…');
    expect(announceProgress({ phase: 'indexing' })).toBe('Indexing what was read…');
  });
});

describe('own documents: keeping them on this device', () => {
  it('keeps nothing until asked, then saves the index and says so', async () => {
    const device = memoryDevice();
    const on = documentsOn(device);
    on.documents.take({ id: 1, files: [bikes() as File], entries: [] });
    await on.settled();
    expect(device.keptIds()).toBeUndefined();
    on.documents.keep(on.current() as CompiledIndex);
    expect(on.documents.state.keeping.phase).toBe('saving');
    await on.keepingSettled();
    expect(on.documents.state.keeping).toEqual({ phase: 'kept' });
    expect(device.keptIds()).toEqual(['bikes#tyres']);
  });

  it('keeps the next index in use while the visitor keeps, and not after they stop', async () => {
    const device = memoryDevice();
    const on = documentsOn(device);
    on.documents.take({ id: 1, files: [bikes() as File], entries: [] });
    await on.settled();
    on.documents.keep(on.current() as CompiledIndex);
    await on.keepingSettled();
    on.documents.take({ id: 2, files: [garden() as File], entries: [] });
    await on.settled();
    on.documents.inUse(on.current());
    await on.keepingSettled();
    expect(device.keptIds()).toEqual(['garden#roses']);
    on.documents.forget();
    await vi.waitFor(() => expect(device.keptIds()).toBeUndefined());
    on.documents.inUse(on.current());
    expect(on.documents.state.keeping).toEqual({ phase: 'off' });
    expect(device.keptIds()).toBeUndefined();
  });

  it('says the documents stay in the page when the device will not keep them, and what it still holds', async () => {
    const device = memoryDevice();
    const on = documentsOn(device);
    on.documents.take({ id: 1, files: [bikes() as File], entries: [] });
    await on.settled();
    on.documents.keep(on.current() as CompiledIndex);
    await on.keepingSettled();
    device.failing.save = true;
    on.documents.take({ id: 2, files: [garden() as File], entries: [] });
    await on.settled();
    on.documents.inUse(on.current());
    await on.keepingSettled();
    const keeping = on.documents.state.keeping;
    expect(keeping.phase).toBe('failed');
    expect(keeping.phase === 'failed' && keeping.message).toMatch(
      /still in this page, but they could not be kept: The quota has been exceeded\. What was kept before is still on this device/,
    );
    expect(device.keptIds()).toEqual(['bikes#tyres']);
  });
});

describe('own documents: reading them back', () => {
  it('puts what an earlier visit kept back in the page, still kept', async () => {
    const device = memoryDevice(serializeIndex(await builtIndex(bikes())));
    const on = documentsOn(device);
    on.documents.restore();
    await on.settled();
    expect(on.documents.state.status).toEqual({ phase: 'restored', files: 1 });
    expect(on.documents.state.keeping).toEqual({ phase: 'kept' });
    expect(ids(on.current())).toEqual(['bikes#tyres']);
  });

  it('says nothing when the flag pointed at nothing', async () => {
    const on = documentsOn(memoryDevice());
    on.documents.restore();
    await on.settled();
    expect(on.documents.state).toMatchObject({ status: { phase: 'idle' }, leftOnDevice: undefined });
    expect(on.inPage).toEqual([]);
  });

  it('leaves unreadable kept documents on the device and names the problem', async () => {
    const device = memoryDevice(new Uint8Array([1, 2, 3]));
    const on = documentsOn(device);
    on.documents.restore();
    await on.settled();
    expect(on.documents.state.leftOnDevice?.kind).toBe('unreadable');
    expect(on.inPage).toEqual([]);
  });

  it('sets the kept documents aside when the visitor brought others while they were read', async () => {
    const device = memoryDevice(serializeIndex(await builtIndex(bikes())));
    const release = device.holdLoads();
    const on = documentsOn(device);
    on.documents.restore();
    on.documents.take({ id: 1, files: [garden() as File], entries: [] });
    await vi.waitFor(() => expect(on.inPage).toHaveLength(1));
    release();
    await vi.waitFor(() => expect(on.documents.state.leftOnDevice).toEqual({ kind: 'set-aside', files: 1 }));
    expect(on.inPage.map(ids)).toEqual([['garden#roses']]);
    expect(device.keptIds()).toEqual(['bikes#tyres']);
  });
});

describe('own documents: removing them', () => {
  it('takes them off the page and the device with one action', async () => {
    const device = memoryDevice(serializeIndex(await builtIndex(bikes())));
    const on = documentsOn(device);
    on.documents.restore();
    await on.settled();
    on.documents.remove();
    expect(on.current()).toBeUndefined();
    await on.settled();
    expect(on.documents.state.status).toEqual({ phase: 'removed', fromDevice: true, problem: undefined });
    expect(device.keptIds()).toBeUndefined();
  });

  it('takes them off the page even when the device refuses, and says why', async () => {
    const device = memoryDevice(serializeIndex(await builtIndex(bikes())));
    const on = documentsOn(device);
    on.documents.restore();
    await on.settled();
    device.failing.remove = true;
    on.documents.remove();
    await on.settled();
    expect(on.current()).toBeUndefined();
    expect(on.documents.state.status).toEqual({
      phase: 'removed',
      fromDevice: true,
      problem: 'The device said no',
    });
  });

  it('does not touch the device when nothing was ever kept', async () => {
    const device = memoryDevice();
    const remove = vi.spyOn(device.store, 'remove');
    const on = documentsOn(device);
    on.documents.take({ id: 1, files: [bikes() as File], entries: [] });
    await on.settled();
    on.documents.remove();
    expect(on.documents.state.status).toEqual({ phase: 'removed', fromDevice: false });
    expect(remove).not.toHaveBeenCalled();
  });
});

async function builtIndex(picked: PickedFile): Promise<CompiledIndex> {
  const outcome = await compileHere({
    files: [{ path: picked.name, file: picked }],
    corpus: 'your documents',
  });
  if (!outcome.ok) throw new Error(outcome.problems.join('; '));
  return outcome.index;
}

describe('own documents: large ones, kept in parts', () => {
  // Any text is "large" here: the documents are kept as a file and its parts.
  const SPLIT_ABOVE = 10;
  const texts = (index: CompiledIndex | undefined) => index?.passages.map((passage) => passage.text);
  /** `picked` brought and kept on a fresh device, in parts. */
  const keptInParts = async (picked: PickedFile) => {
    const device = memoryDevice();
    const brought = documentsOn(device, compileHere, SPLIT_ABOVE);
    brought.documents.take({ id: 1, files: [picked as File], entries: [] });
    await brought.settled();
    brought.documents.keep(brought.current() as CompiledIndex);
    await brought.keepingSettled();
    return { device, brought };
  };
  /** `picked` kept in parts, one part of `kind` lost from the device, then read back until that fails. */
  const readBackWithout = async (kind: 'text/' | 'postings/', picked: PickedFile) => {
    const { device } = await keptInParts(picked);
    const [lost] = [...device.parts().keys()].filter((path) => path.startsWith(kind));
    device.parts().delete(lost as string);
    const on = documentsOn(device, compileHere, SPLIT_ABOVE);
    on.documents.restore();
    await vi.waitFor(() => expect(on.documents.state.readingBack?.phase).toBe('failed'));
    return { on, lost };
  };
  /** bikes.md kept in parts, read back with its parts held: the documents are in the page, the rest not yet. */
  const readingBackHeld = async () => {
    const { device } = await keptInParts(bikes());
    const on = documentsOn(device, compileHere, SPLIT_ABOVE);
    const release = device.holdParts();
    on.documents.restore();
    await on.settled();
    expect(on.documents.state.readingBack?.phase).toBe('reading');
    return { device, on, release };
  };
  const readBackDone = (on: ReturnType<typeof documentsOn>) =>
    vi.waitFor(() => expect(on.documents.state.readingBack).toBeUndefined());

  it('keeps large documents as their file and parts, and small ones whole', async () => {
    const large = memoryDevice();
    const on = documentsOn(large, compileHere, SPLIT_ABOVE);
    on.documents.take({ id: 1, files: [bikes() as File], entries: [] });
    await on.settled();
    on.documents.keep(on.current() as CompiledIndex);
    await on.keepingSettled();
    expect([...large.parts().keys()].map((path) => path.split('/')[0]).sort()).toEqual(['postings', 'text']);
    expect(large.keptIds()).toEqual(['bikes#tyres']);
    const small = memoryDevice();
    const whole = documentsOn(small);
    whole.documents.take({ id: 1, files: [bikes() as File], entries: [] });
    await whole.settled();
    whole.documents.keep(whole.current() as CompiledIndex);
    await whole.keepingSettled();
    expect(small.parts().size).toBe(0);
  });

  it('puts documents kept in parts back in the page before it reads a part, then reads each once', async () => {
    const { device, brought } = await keptInParts(garden());

    const on = documentsOn(device, compileHere, SPLIT_ABOVE);
    on.documents.restore();
    await on.settled();
    expect(on.documents.state.status).toEqual({ phase: 'restored', files: 1 });
    expect(ids(on.current())).toEqual(['garden#roses']);
    expect(on.states.some((state) => state.readingBack?.phase === 'reading')).toBe(true);
    await readBackDone(on);
    expect(on.states.at(-2)?.readingBack).toEqual({ phase: 'reading', here: 2, of: 2 });
    expect([...device.partReads].sort()).toEqual([...device.parts().keys()].sort());
    expect(texts(on.current())).toEqual(texts(brought.current()));
    expect(on.reportBug).not.toHaveBeenCalled();
  });

  it('says which part the device could not give, and keeps the documents in the page', async () => {
    const { on, lost } = await readBackWithout('text/', garden());
    const readingBack = on.documents.state.readingBack;
    expect(readingBack?.phase === 'failed' && readingBack.message).toBe(`${lost} is not on this device`);
    expect(ids(on.current())).toEqual(['garden#roses']);
    expect(on.reportBug).not.toHaveBeenCalled();
  });

  it('keeps documents read back in parts again with a new threshold, and after they left the device', async () => {
    const { device } = await keptInParts(bikes());
    const partsBefore = [...device.parts().keys()].sort();

    const on = documentsOn(device, compileHere, SPLIT_ABOVE);
    on.documents.restore();
    await on.settled();
    const restored = on.current() as CompiledIndex;
    on.documents.inUse({ ...restored, gate: { ...restored.gate, threshold: 0.5 } });
    await on.keepingSettled();
    expect(on.documents.state.keeping).toEqual({ phase: 'kept' });
    expect([...device.parts().keys()].sort()).toEqual(partsBefore);
    expect(device.keptIds()).toEqual(['bikes#tyres']);

    // Unticked (the device cleared once the rest was read), then ticked again: cut again from the page.
    on.documents.forget();
    await vi.waitFor(() => expect(device.parts().size).toBe(0));
    on.documents.keep(restored);
    await on.keepingSettled();
    expect(on.documents.state.keeping).toEqual({ phase: 'kept' });
    expect([...device.parts().keys()].sort()).toEqual(partsBefore);
    expect(on.reportBug).not.toHaveBeenCalled();
  });

  it('keeps them when "keep" is unticked and ticked again while the rest is read back', async () => {
    const { device, on, release } = await readingBackHeld();
    on.documents.forget();
    on.documents.keep(on.current() as CompiledIndex);
    release();
    await readBackDone(on);
    await on.keepingSettled();
    expect(on.documents.state.keeping).toEqual({ phase: 'kept' });
    await vi.waitFor(() => expect(device.keptIds()).toEqual(['bikes#tyres']));
    expect(on.reportBug).not.toHaveBeenCalled();
  });

  it('stops reading back when the documents leave the page, removed or replaced', async () => {
    for (const leave of ['remove', 'take'] as const) {
      const { device, on, release } = await readingBackHeld();
      if (leave === 'remove') on.documents.remove();
      else on.documents.take({ id: 9, files: [garden() as File], entries: [] });
      await on.settled();
      release();
      expect(on.documents.state.readingBack).toBeUndefined();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(on.states.at(-1)?.readingBack).toBeUndefined();
      expect(device.partReads).toHaveLength(1);
      expect(on.reportBug).not.toHaveBeenCalled();
    }
  });

  it('says a part it could not read back stops them being kept again, not that a bug happened', async () => {
    const { on, lost } = await readBackWithout('postings/', bikes());
    const restored = on.current() as CompiledIndex;
    on.documents.inUse({ ...restored, gate: { ...restored.gate, threshold: 0.5 } });
    await on.keepingSettled();
    const { keeping } = on.documents.state;
    expect(keeping.phase === 'failed' && keeping.message).toMatch(new RegExp(`could not be kept: ${lost}`));
    expect(on.reportBug).not.toHaveBeenCalled();
  });
});
