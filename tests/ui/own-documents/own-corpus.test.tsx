// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseIndex, serializeIndex } from '../../../src/compiled-index/parse';
import { splitIndex } from '../../../src/compiled-index/split';
import { compileIndex } from '../../../src/ingest/compile';
import type { BuildCorpus } from '../../../src/ui/own-documents/corpus-build';
import { indexedDbStore, type KeptStore, KeptStoreError } from '../../../src/ui/own-documents/kept-corpus';
import { hasKeptCorpus } from '../../../src/ui/own-documents/kept-flag';
import { KEPT_LABELS, keptLabels } from '../../../src/ui/own-documents/kept-labels';
import { OwnCorpusPanel } from '../../../src/ui/own-documents/own-corpus';
import { Root } from '../../../src/ui/shell/root';
import { libraryIndex } from '../../helpers/engine';
import { ask, choose, compileHere, memoryStorage } from '../../helpers/page';

afterEach(cleanup);

const garden = () =>
  new File([readFileSync('tests/fixtures/other-corpus/garden.md', 'utf8')], 'garden.md', {
    type: 'text/markdown',
  });
const bikes = () => new File(['# Bikes\n\n## Tyres\n\nPump the tyres to 4 bar every week.\n'], 'bikes.md');

/**
 * This browser's storage for the tests: the real IndexedDB store over fake-indexeddb, the flag in a
 * storage in memory. A test may hold a load or a removal until it lets it go, or make the store fail.
 */
function device() {
  const factory = new IDBFactory();
  const local = memoryStorage();
  const real = indexedDbStore({ factory, flags: local });
  const gates = {
    load: undefined as Promise<void> | undefined,
    remove: undefined as Promise<void> | undefined,
    readPart: undefined as Promise<void> | undefined,
  };
  const failing = { save: false, remove: false, load: false };
  const refuse = () => Promise.reject(new KeptStoreError('The quota has been exceeded.'));
  const store: KeptStore = {
    load: async () => {
      await gates.load;
      return failing.load ? refuse() : real.load();
    },
    readPart: async (path) => {
      await gates.readPart;
      return real.readPart(path);
    },
    save: (files) => (failing.save ? refuse() : real.save(files)),
    remove: async () => {
      await gates.remove;
      return failing.remove ? refuse() : real.remove();
    },
  };
  /** Holds every later load (removal, part read) until the returned function is called. */
  const hold = (what: 'load' | 'remove' | 'readPart') => {
    let release: () => void = () => undefined;
    gates[what] = new Promise((resolve) => {
      release = resolve;
    });
    return release;
  };
  return {
    store,
    local,
    failing,
    hold,
    /** What a reload would find: read through a store of its own, so the test's flag is untouched. */
    kept: () => indexedDbStore({ factory, flags: memoryStorage() }).load(),
    /** The ids kept, or undefined. */
    keptIds: async () => {
      const bytes = await indexedDbStore({ factory, flags: memoryStorage() }).load();
      return bytes && parseIndex(bytes).passages.map((passage) => passage.id);
    },
  };
}

type Device = ReturnType<typeof device>;

async function visit(on: Device) {
  render(
    <Root
      loadIndex={async () => libraryIndex()}
      loadClaude={vi.fn()}
      buildCorpus={compileHere}
      keptStore={on.store}
      storages={{ local: on.local }}
    />,
  );
  await screen.findByLabelText('Your question');
}

const keepBox = async () =>
  (await screen.findByLabelText(/Keep them on this device/, {}, { timeout: 5000 })) as HTMLInputElement;

/** A first visit that keeps garden.md; the page is then closed. */
async function keptGarden(): Promise<Device> {
  const on = device();
  await visit(on);
  choose([garden()]);
  fireEvent.click(await keepBox());
  await screen.findByText(/Kept on this device: they will be here on your next visit/);
  cleanup();
  return on;
}

const GARDEN = ['garden#tomatoes', 'garden#roses'];
const BIKES = ['bikes#tyres'];

describe('keeping your documents on this device', () => {
  it('puts documents kept in parts back, says how far reading the rest is, and offers calibration once it is done', async () => {
    const on = device();
    const text = readFileSync('tests/fixtures/other-corpus/garden.md', 'utf8');
    const split = splitIndex(compileIndex({ files: [{ path: 'garden.md', text }] }));
    await on.store.save({ index: serializeIndex(split.index), parts: split.parts });
    const release = on.hold('readPart');
    await visit(on);
    await screen.findByText(
      /Your documents from an earlier visit \(1 file\) are back/,
      {},
      { timeout: 5000 },
    );
    expect(screen.getByText(/Reading the rest back from this device: 0 parts of 2/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Calibrate the gate/ })).toBeNull();
    release();
    await screen.findByRole('heading', { name: /Calibrate the gate/ }, { timeout: 5000 });
    expect(screen.queryByText(/Reading the rest back/)).toBeNull();
    ask('How many hours of sun do tomato plants need?');
    await screen.findByRole('heading', { name: 'Answer' }, { timeout: 5000 });
    expect(document.querySelector('section.result')?.textContent).toContain('garden#tomatoes');
  });

  it('keeps nothing unless the visitor asks', async () => {
    const on = device();
    await visit(on);
    choose([garden()]);
    expect((await keepBox()).checked).toBe(false);
    expect(await on.kept()).toBeUndefined();
    expect(hasKeptCorpus(on.local)).toBe(false);
  });

  it('keeps them when asked, and the next visit reads them back and answers from them', async () => {
    const on = await keptGarden();
    expect(hasKeptCorpus(on.local)).toBe(true);
    await visit(on);
    await screen.findByText(
      /Your documents from an earlier visit \(1 file\) are back/,
      {},
      { timeout: 5000 },
    );
    expect(screen.getByRole('heading', { name: 'Ask your documents' })).toBeTruthy();
    expect((await keepBox()).checked).toBe(true);
    ask('How many hours of sun do tomato plants need?');
    await screen.findByRole('heading', { name: 'Answer' }, { timeout: 5000 });
    expect(document.querySelector('section.result')?.textContent).toContain('garden#tomatoes');
  });

  it('keeps the questions labelled on kept documents with them, and forgets them with them', async () => {
    const on = await keptGarden();
    await visit(on);
    await screen.findByText(/Your documents from an earlier visit/, {}, { timeout: 5000 });
    ask('How many hours of sun do tomato plants need?');
    await screen.findByRole('heading', { name: 'Answer' }, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Right' }));
    await screen.findByRole('heading', { name: 'Your labelled questions (1)' }, { timeout: 5000 });
    cleanup();

    await visit(on);
    await screen.findByRole('heading', { name: 'Your labelled questions (1)' }, { timeout: 5000 });
    expect(document.querySelector('ul.labelled')?.textContent).toContain(
      'How many hours of sun do tomato plants need?',
    );
    fireEvent.click(await keepBox());
    await waitFor(() => expect(on.local.getItem(KEPT_LABELS)).toBeNull());
    // Still in the page: only the device forgot them.
    expect(screen.getByRole('heading', { name: 'Your labelled questions (1)' })).toBeTruthy();
    // Two visits, a question and the calibration's chunk: longer than one step's wait.
  }, 20_000);

  it('reads back no labels it did not write', () => {
    const local = memoryStorage();
    local.setItem(KEPT_LABELS, '{"version":1,"labels":[{"question":1}]}');
    expect(keptLabels(local)).toEqual([]);
    local.setItem(KEPT_LABELS, 'not json');
    expect(keptLabels(local)).toEqual([]);
    expect(keptLabels(undefined)).toEqual([]);
  });

  it('keeps the gate the visitor applied, so the documents come back calibrated', async () => {
    const on = device();
    await visit(on);
    choose([garden()]);
    fireEvent.click(await keepBox());
    const region = within(
      await screen.findByRole('region', { name: 'Calibrate the gate for your documents' }, { timeout: 5000 }),
    );
    fireEvent.input(region.getByLabelText('Labelled questions (JSON)'), {
      target: { value: readFileSync('tests/fixtures/other-corpus-questions.json', 'utf8') },
    });
    fireEvent.click(region.getByRole('button', { name: 'Measure' }));
    fireEvent.click(await region.findByRole('button', { name: 'Use threshold 0.550' }));
    await vi.waitFor(async () => {
      const bytes = await on.kept();
      expect(bytes && parseIndex(bytes).gate.threshold).toBe(0.55);
    });
  });

  it('removes them from the page and from the device with one action, leaving no flag', async () => {
    const on = await keptGarden();
    await visit(on);
    await keepBox();
    fireEvent.click(screen.getByRole('button', { name: 'Remove your documents' }));
    await screen.findByText(/Your documents are gone from this page and from this device/);
    expect(await on.kept()).toBeUndefined();
    expect(hasKeptCorpus(on.local)).toBe(false);
    expect(screen.getByRole('heading', { name: 'Ask the library manual' })).toBeTruthy();
    expect(screen.queryByLabelText(/your documents \(/)).toBeNull();
  });

  it('leaves kept documents it cannot read where they are, says so, and the manual still answers', async () => {
    const on = device();
    await on.store.save({ index: Uint8Array.from([1, 2, 3]), parts: new Map() });
    await visit(on);
    const alert = await screen.findByText(/could not be read back/, {}, { timeout: 5000 });
    expect(alert.textContent).toMatch(/does not start with "SBIX"/);
    expect(await on.kept()).toEqual(Uint8Array.from([1, 2, 3]));
    ask('How long can I borrow a DVD for?');
    await screen.findByRole('heading', { name: 'Answer' }, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Remove your documents' }));
    await screen.findByText(/gone from this page and from this device/);
    expect(await on.kept()).toBeUndefined();
  });

  it('does not restore kept documents with one bit flipped: it says they are damaged or altered', async () => {
    const on = device();
    const text = readFileSync('tests/fixtures/other-corpus/garden.md', 'utf8');
    const bytes = serializeIndex(compileIndex({ files: [{ path: 'garden.md', text }] }));
    bytes[bytes.length - 5] = (bytes[bytes.length - 5] as number) ^ 0x10;
    await on.store.save({ index: bytes, parts: new Map() });
    await visit(on);
    const alert = await screen.findByText(/could not be read back/, {}, { timeout: 5000 });
    expect(alert.textContent).toMatch(/damaged or has been altered/);
  });

  it('still takes unreadable kept documents off the device after new ones were brought', async () => {
    const on = device();
    await on.store.save({ index: Uint8Array.from([1, 2, 3]), parts: new Map() });
    await visit(on);
    await screen.findByText(/could not be read back/, {}, { timeout: 5000 });
    choose([garden()]);
    await keepBox();
    fireEvent.click(screen.getByRole('button', { name: 'Remove your documents' }));
    await screen.findByText(/gone from this page and from this device/);
    expect(await on.kept()).toBeUndefined();
    expect(hasKeptCorpus(on.local)).toBe(false);
  });

  it('sets the kept documents aside, not over them, when files brought meanwhile were indexed first', async () => {
    const on = await keptGarden();
    const release = on.hold('load');
    await visit(on);
    await screen.findByText(/Reading the documents kept on this device/, {}, { timeout: 5000 });
    choose([bikes()]);
    await screen.findByLabelText(/your documents \(1 file, 1 passage\)/, {}, { timeout: 5000 });
    release();
    await screen.findByText(/The documents you kept on an earlier visit \(1 file\) are still on this device/);
    // Nothing was overwritten without the visitor's say: the page has the bikes, the device the garden.
    expect(await on.keptIds()).toEqual(GARDEN);
    expect((await keepBox()).checked).toBe(false);
    // Keeping the bikes replaces the garden, and says no more about it.
    fireEvent.click(await keepBox());
    await screen.findByText(/Kept on this device/);
    expect(await on.keptIds()).toEqual(BIKES);
    expect(screen.queryByText(/still on this device/)).toBeNull();
  });

  it('does not undo a keep choice the visitor made while the kept documents were read', async () => {
    const on = await keptGarden();
    const release = on.hold('load');
    await visit(on);
    await screen.findByText(/Reading the documents kept on this device/, {}, { timeout: 5000 });
    choose([bikes()]);
    const box = await keepBox();
    fireEvent.click(box);
    fireEvent.click(box);
    release();
    // Ticked (the bikes replace the garden), then unticked (nothing kept): the restore, done last,
    // neither ticks the box again nor claims the garden is still there.
    await vi.waitFor(async () => expect(await on.kept()).toBeUndefined());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await keepBox()).checked).toBe(false);
    expect(screen.queryByText(/still on this device/)).toBeNull();
    expect(screen.getByLabelText(/your documents \(1 file, 1 passage\)/)).toBeTruthy();
  });

  it('brings the kept documents back when the files brought meanwhile failed to index', async () => {
    const on = await keptGarden();
    const release = on.hold('load');
    await visit(on);
    await screen.findByText(/Reading the documents kept on this device/, {}, { timeout: 5000 });
    choose([new File(['x'], 'photo.png', { type: 'image/png' })]);
    await screen.findByText(/None of these files is a document/);
    release();
    await screen.findByLabelText(/your documents \(1 file, 2 passages\)/, {}, { timeout: 5000 });
    expect((await keepBox()).checked).toBe(true);
  });

  it('keeps what the visitor asked to keep when the flag pointed at nothing', async () => {
    const on = device();
    on.local.setItem('sourcebound.kept-corpus', '1');
    const release = on.hold('load');
    await visit(on);
    await screen.findByText(/Reading the documents kept on this device/, {}, { timeout: 5000 });
    choose([bikes()]);
    fireEvent.click(await keepBox());
    release();
    await screen.findByText(/Kept on this device/);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await keepBox()).checked).toBe(true);
    expect(await on.keptIds()).toEqual(BIKES);
    expect(hasKeptCorpus(on.local)).toBe(true);
  });

  it('clears a flag that points at nothing, without a word', async () => {
    const on = device();
    on.local.setItem('sourcebound.kept-corpus', '1');
    await visit(on);
    await vi.waitFor(() => expect(hasKeptCorpus(on.local)).toBe(false), { timeout: 5000 });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Ask the library manual' })).toBeTruthy();
  });

  it('says why when the browser will not keep them, and the documents stay in the page', async () => {
    const on = device();
    on.failing.save = true;
    await visit(on);
    choose([garden()]);
    const box = await keepBox();
    fireEvent.click(box);
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /still in this page, but they could not be kept: The quota has been exceeded\.$/,
    );
    expect(box.checked).toBe(false);
    expect(screen.getByRole('heading', { name: 'Ask your documents' })).toBeTruthy();
  });

  it('says that what was kept before is still there when keeping newer documents fails', async () => {
    const on = await keptGarden();
    await visit(on);
    await keepBox();
    on.failing.save = true;
    choose([bikes()]);
    const alert = await screen.findByText(/could not be kept/, {}, { timeout: 5000 });
    expect(alert.textContent).toMatch(/What was kept before is still on this device/);
    expect((await keepBox()).checked).toBe(false);
    expect(await on.keptIds()).toEqual(GARDEN);
  });

  it('takes them off the page even when the device will not let go of them, and says so', async () => {
    const on = await keptGarden();
    await visit(on);
    await keepBox();
    on.failing.remove = true;
    fireEvent.click(screen.getByRole('button', { name: 'Remove your documents' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /gone from this page, but not from this device: The quota has been exceeded\.$/,
    );
    expect(screen.getByRole('heading', { name: 'Ask the library manual' })).toBeTruthy();
  });

  it('does not take away files brought while a removal was still running', async () => {
    const on = await keptGarden();
    await visit(on);
    await keepBox();
    const release = on.hold('remove');
    fireEvent.click(screen.getByRole('button', { name: 'Remove your documents' }));
    choose([bikes()]);
    await screen.findByLabelText(/your documents \(1 file, 1 passage\)/, {}, { timeout: 5000 });
    release();
    await vi.waitFor(async () => expect(await on.kept()).toBeUndefined());
    expect(screen.getByLabelText(/your documents \(1 file, 1 passage\)/)).toBeTruthy();
  });
});

/** A dropped folder, notes/, holding bikes.md, as the entries API gives it: one batch, then none. */
function notesFolder() {
  const file = {
    name: 'bikes.md',
    fullPath: '/notes/bikes.md',
    isFile: true,
    isDirectory: false,
    file: (take: (file: File) => void) => take(bikes()),
  };
  return {
    name: 'notes',
    fullPath: '/notes',
    isFile: false,
    isDirectory: true,
    createReader: () => {
      let done = false;
      return {
        readEntries: (success: (entries: unknown[]) => void) => {
          success(done ? [] : [file]);
          done = true;
        },
      };
    },
  };
}

describe('a dropped folder', () => {
  it('is taken from the drop while the event lasts, as the browser empties it afterwards', async () => {
    await visit(device());
    let during = true;
    const folder = notesFolder();
    const drop = new Event('drop', { bubbles: true, cancelable: true });
    // As Chromium delivers a dropped folder: one item whose entry is a directory, and no files.
    Object.defineProperty(drop, 'dataTransfer', {
      value: { items: [{ webkitGetAsEntry: () => (during ? folder : null) }], files: [] },
    });
    screen.getByRole('group', { name: /Drop Markdown files or a folder here/ }).dispatchEvent(drop);
    during = false;
    // Named after the folder it came in.
    await screen.findByLabelText(/the folder notes \(1 file, 1 passage\)/, {}, { timeout: 5000 });
    expect(screen.getByText(/quoted from the folder notes by the extractive stand-in/)).toBeTruthy();
  });

  it('is walked and indexed with the paths inside it, not under its name', async () => {
    const entry = notesFolder();
    const onBuilt = vi.fn();
    render(
      <OwnCorpusPanel
        incoming={{ id: 1, files: [], entries: [entry] }}
        restore={false}
        build={compileHere}
        own={undefined}
        active="bundled"
        onBuilt={onBuilt}
        onSwitch={vi.fn()}
        onApply={vi.fn()}
        onRemove={vi.fn()}
        labels={[]}
        onLabels={vi.fn()}
        store={device().store}
      />,
    );
    await vi.waitFor(() => expect(onBuilt).toHaveBeenCalledTimes(1));
    // The folder's own name is dropped: the passage is bikes#tyres, not notes/bikes#tyres.
    const built = onBuilt.mock.calls[0]?.[0] as { passages: Array<{ id: string; file: string }> };
    expect(built.passages.map((passage) => [passage.file, passage.id])).toEqual([
      ['bikes.md', 'bikes#tyres'],
    ]);
  });
});

describe('reading your documents: progress and Cancel', () => {
  it('shows the file being read with a bar, and Cancel ends the build and leaves the manual in use', async () => {
    const aborted: boolean[] = [];
    const holdForever: BuildCorpus = (request, options) =>
      new Promise((_resolve, reject) => {
        options?.onProgress?.({ phase: 'reading', file: 1, of: request.files.length, path: 'garden.md' });
        options?.signal?.addEventListener('abort', () => {
          aborted.push(true);
          reject(options.signal?.reason);
        });
      });
    render(
      <Root
        loadIndex={async () => libraryIndex()}
        loadClaude={vi.fn()}
        buildCorpus={holdForever}
        keptStore={device().store}
        storages={{}}
      />,
    );
    await screen.findByLabelText('Your question');
    choose([garden()]);
    await screen.findByText('Reading 1 of 1: garden.md', {}, { timeout: 5000 });
    const bar = document.querySelector('.corpus-reading progress') as HTMLProgressElement;
    expect([bar.value, bar.max]).toEqual([0, 1]);
    expect(document.querySelector('.corpus-reading [role="status"]')?.textContent).toBe('Reading 1 file…');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByText(/Stopped: nothing of the files you brought is used.*the library manual/);
    expect(aborted).toEqual([true]);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ask the library manual');
  });
});
