// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseIndex } from '../../src/index-bytes';
import type { KeptStore } from '../../src/ui/kept-corpus';
import { KeptStoreError } from '../../src/ui/kept-corpus';
import { hasKeptCorpus, setKeptFlag } from '../../src/ui/kept-flag';
import { OwnCorpusPanel } from '../../src/ui/own-corpus';
import { Root } from '../../src/ui/root';
import { libraryIndex } from '../helpers/engine';
import { ask, choose, compileHere, memoryStorage } from '../helpers/page';

afterEach(cleanup);

const garden = () =>
  new File([readFileSync('tests/fixtures/other-corpus/garden.md', 'utf8')], 'garden.md', {
    type: 'text/markdown',
  });
const bikes = () => new File(['# Bikes\n\n## Tyres\n\nPump the tyres to 4 bar every week.\n'], 'bikes.md');

/** IndexedDB as the panel uses it, in memory; `blockLoad` holds a restore until the test lets it go. */
function memoryStore(initial?: Uint8Array) {
  let kept = initial;
  let release: () => void = () => undefined;
  const held = { blocked: false };
  const store: KeptStore = {
    load: () =>
      held.blocked ? new Promise((resolve) => (release = () => resolve(kept))) : Promise.resolve(kept),
    save: async (bytes) => {
      kept = bytes;
    },
    remove: async () => {
      kept = undefined;
    },
  };
  return {
    store,
    held,
    release: () => release(),
    get kept() {
      return kept;
    },
  };
}

async function visit(store: KeptStore, local: Storage) {
  render(
    <Root
      loadIndex={async () => libraryIndex()}
      loadClaude={vi.fn()}
      buildCorpus={compileHere}
      keptStore={store}
      storages={{ local }}
    />,
  );
  await screen.findByLabelText('Your question');
}

const keepBox = () => screen.findByLabelText(/Keep them on this device/, {}, { timeout: 5000 });

describe('keeping your documents on this device', () => {
  it('keeps nothing unless the visitor asks', async () => {
    const kept = memoryStore();
    const local = memoryStorage();
    await visit(kept.store, local);
    choose([garden()]);
    expect(((await keepBox()) as HTMLInputElement).checked).toBe(false);
    expect(kept.kept).toBeUndefined();
    expect(hasKeptCorpus(local)).toBe(false);
  });

  it('keeps them when asked, and the next visit reads them back and answers from them', async () => {
    const kept = memoryStore();
    const local = memoryStorage();
    await visit(kept.store, local);
    choose([garden()]);
    fireEvent.click(await keepBox());
    await screen.findByText(/Kept on this device: they will be here on your next visit/);
    // The store itself sets the flag; this one is in memory, so the test sets what IndexedDB's would.
    setKeptFlag(local);
    cleanup();

    await visit(kept.store, local);
    expect(
      (
        await screen.findByText(
          /Your documents from an earlier visit \(1 file\) are back/,
          {},
          { timeout: 5000 },
        )
      ).textContent,
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ask your documents' })).toBeTruthy();
    expect(((await keepBox()) as HTMLInputElement).checked).toBe(true);
    ask('How many hours of sun do tomato plants need?');
    await screen.findByRole('heading', { name: 'Answer' }, { timeout: 5000 });
    expect(document.querySelector('section.result')?.textContent).toContain('garden#tomatoes');
  });

  it('keeps the gate the visitor applied, so the documents come back calibrated', async () => {
    const kept = memoryStore();
    const local = memoryStorage();
    await visit(kept.store, local);
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
    await vi.waitFor(() => expect(kept.kept && parseIndex(kept.kept).gate.threshold).toBe(0.55));
  });

  it('removes them from the page and from the device with one action', async () => {
    const kept = memoryStore();
    const local = memoryStorage();
    await visit(kept.store, local);
    choose([garden()]);
    fireEvent.click(await keepBox());
    await screen.findByText(/Kept on this device/);
    fireEvent.click(screen.getByRole('button', { name: 'Remove your documents' }));
    expect(
      (await screen.findByText(/Your documents are gone from this page and from this device/)).textContent,
    ).toBeTruthy();
    expect(kept.kept).toBeUndefined();
    expect(screen.getByRole('heading', { name: 'Ask the library manual' })).toBeTruthy();
    expect(screen.queryByLabelText(/your documents \(/)).toBeNull();
  });

  it('leaves kept documents it cannot read where they are, says so, and the manual still answers', async () => {
    const garbage = Uint8Array.from([1, 2, 3]);
    const kept = memoryStore(garbage);
    const local = memoryStorage();
    setKeptFlag(local);
    await visit(kept.store, local);
    const alert = await screen.findByText(/could not be read back/, {}, { timeout: 5000 });
    expect(alert.textContent).toMatch(/does not start with "SBIX"/);
    expect(kept.kept).toBe(garbage);
    ask('How long can I borrow a DVD for?');
    await screen.findByRole('heading', { name: 'Answer' }, { timeout: 5000 });
    // One action still takes them off the device.
    fireEvent.click(screen.getByRole('button', { name: 'Remove your documents' }));
    await screen.findByText(/gone from this page and from this device/);
    expect(kept.kept).toBeUndefined();
  });

  it('lets files brought while the kept ones are being read win, and keeps those instead', async () => {
    const first = memoryStore();
    const local = memoryStorage();
    await visit(first.store, local);
    choose([garden()]);
    fireEvent.click(await keepBox());
    await screen.findByText(/Kept on this device/);
    setKeptFlag(local);
    cleanup();

    first.held.blocked = true;
    await visit(first.store, local);
    await screen.findByText(/Reading the documents kept on this device/, {}, { timeout: 5000 });
    choose([bikes()]);
    await screen.findByLabelText(/your documents \(1 file, 1 passage\)/, {}, { timeout: 5000 });
    first.release();
    // The restore finished after the pick: the page keeps the bikes, and so does the device.
    await vi.waitFor(() =>
      expect(first.kept && parseIndex(first.kept).passages.map((passage) => passage.id)).toEqual([
        'bikes#tyres',
      ]),
    );
    expect(screen.getByLabelText(/your documents \(1 file, 1 passage\)/)).toBeTruthy();
  });

  it('flags a forgotten flag: nothing kept behind it reads as nothing, and the flag is cleared', async () => {
    const kept = memoryStore();
    const local = memoryStorage();
    setKeptFlag(local);
    const remove = vi.spyOn(kept.store, 'remove');
    await visit(kept.store, local);
    await vi.waitFor(() => expect(remove).toHaveBeenCalled(), { timeout: 5000 });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Ask the library manual' })).toBeTruthy();
  });

  it('says why when the browser will not keep them, and the documents stay in the page', async () => {
    const kept = memoryStore();
    kept.store.save = async () => {
      throw new KeptStoreError('The quota has been exceeded.');
    };
    await visit(kept.store, memoryStorage());
    choose([garden()]);
    const box = await keepBox();
    fireEvent.click(box);
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /still in this page, but they could not be kept: The quota has been exceeded/,
    );
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('heading', { name: 'Ask your documents' })).toBeTruthy();
  });
});

describe('a dropped folder', () => {
  it('is walked and indexed with the paths inside it', async () => {
    const entry = {
      name: 'notes',
      fullPath: '/notes',
      isFile: false,
      isDirectory: true,
      createReader: () => {
        let done = false;
        return {
          readEntries: (success: (entries: unknown[]) => void) => {
            const batch = done
              ? []
              : [
                  {
                    name: 'bikes.md',
                    fullPath: '/notes/bikes.md',
                    isFile: true,
                    isDirectory: false,
                    file: (take: (file: File) => void) => take(bikes()),
                  },
                ];
            done = true;
            success(batch);
          },
        };
      },
    };
    const onBuilt = vi.fn();
    render(
      <OwnCorpusPanel
        incoming={{ id: 1, files: [], entries: [entry] }}
        restore={false}
        prompt={libraryIndex().prompt}
        build={compileHere}
        own={undefined}
        active="bundled"
        onBuilt={onBuilt}
        onSwitch={vi.fn()}
        onApply={vi.fn()}
        onRemove={vi.fn()}
        store={memoryStore().store}
      />,
    );
    await vi.waitFor(() => expect(onBuilt).toHaveBeenCalledTimes(1));
    expect(onBuilt.mock.calls[0]?.[0].passages.map((passage: { file: string }) => passage.file)).toEqual([
      'notes/bikes.md',
    ]);
  });
});
