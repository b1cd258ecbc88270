// The visitor's own documents as the page holds them: the files on their way in, the corpus once built,
// which corpus the questions go to, and the questions labelled by clicking. The shell (root.tsx) draws
// the page around this state; everything that changes it is here.
import { useState } from 'preact/hooks';
import { createEngine } from '../../ask/engine-setup';
import type { CompiledIndex } from '../../compiled-index/types';
import type { EvalQuestion } from '../../evaluation/eval-set';
import type { GateSettings } from '../../types';
import type { Incoming, OwnCorpus } from './corpus-panel';
import type { DroppedEntry } from './dropped-entries';
import { hasKeptCorpus } from './kept-flag';

export interface OwnDocuments {
  /** The visitor's documents, once indexed. */
  own: OwnCorpus | undefined;
  /** Where questions go: the visitor's documents only once they are built and chosen. */
  corpus: 'bundled' | 'own';
  /** The newest files brought, which the panel reads. */
  incoming: Incoming | undefined;
  /** Whether documents kept last visit are read back at load. */
  restore: boolean;
  /**
   * Whether the threshold applied to the visitor's documents was measured on words alone: it stays on
   * words alone when the word vectors arrive, or it would compare other scores.
   */
  measuredOnWords: boolean;
  /** The questions labelled by clicking on the visitor's documents: calibration and #/eval both use them. */
  labels: EvalQuestion[];
  setLabels: (labels: EvalQuestion[]) => void;
  /** Files dropped or picked: the newest pick wins over one still being read. */
  bring: (files: File[], entries: DroppedEntry[]) => void;
  /** The documents indexed, with the labels kept with them (none for new ones): questions go to them. */
  built: (index: CompiledIndex, kept: EvalQuestion[]) => void;
  switchTo: (corpus: 'bundled' | 'own') => void;
  /** A threshold applied to the visitor's documents, measured on words alone or not. */
  applyGate: (gate: GateSettings, onWords: boolean) => void;
  /** The documents let go: questions go to the manual again. */
  remove: () => void;
}

export function useOwnDocuments(options: {
  /** Whether the page can index documents at all; without, nothing is read back. */
  canBuild: boolean;
  /** Where the flag of documents kept on this device lives. */
  local: Storage | undefined;
}): OwnDocuments {
  const [own, setOwn] = useState<OwnCorpus | undefined>(undefined);
  const [active, setActive] = useState<'bundled' | 'own'>('bundled');
  const [incoming, setIncoming] = useState<Incoming | undefined>(undefined);
  const [measuredOnWords, setMeasuredOnWords] = useState(false);
  const [labels, setLabels] = useState<EvalQuestion[]>([]);
  // Documents kept last visit are read back at load; everyone else fetches this code with their first files.
  const [restore] = useState(() => options.canBuild && hasKeptCorpus(options.local));
  return {
    own,
    corpus: own !== undefined && active === 'own' ? 'own' : 'bundled',
    incoming,
    restore,
    measuredOnWords,
    labels,
    setLabels,
    bring: (files, entries) => setIncoming((previous) => ({ id: (previous?.id ?? 0) + 1, files, entries })),
    built: (index, kept) => {
      setOwn((previous) => ({
        build: (previous?.build ?? 0) + 1,
        engine: createEngine(index),
        index,
        files: new Set(index.passages.map((passage) => passage.file)).size,
        passages: index.passages.length,
      }));
      setActive('own');
      setMeasuredOnWords(false);
      // Labels name the passages of the documents they were made on: none for new ones, or those kept
      // with documents read back from the device.
      setLabels(kept);
    },
    switchTo: setActive,
    applyGate: (gate, onWords) => {
      setMeasuredOnWords(onWords);
      setOwn((now) => now && { ...now, engine: { ...now.engine, gate }, index: { ...now.index, gate } });
    },
    remove: () => {
      setOwn(undefined);
      setMeasuredOnWords(false);
      setActive('bundled');
      setLabels([]);
    },
  };
}
