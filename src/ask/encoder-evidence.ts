// The sentence encoder's evidence at question time: the question embedded, and the passages retrieval
// returned (each once per engine: their vectors are kept), and each passage's evidence rescored with
// the encoder's gate model. The gate reads the words' first passages in the words' order, as it was
// fitted. An encoder gate may also reorder the context (`EncoderGate.rerank`): the words' first passages
// by their retrieval score plus a share of the cosine. The shipped model sets none: measured, it put no
// more labelled passages in the context and cost SQuAD right answers (docs/context-rerank.md).
import { evidenceScore } from '../retrieval/evidence';
import { cosineOf, type EncoderGate, type SentenceEncoder } from '../retrieval/semantic';
import type { EncoderEvidence, EvidenceFeatures, Passage, Scored } from '../types';

/** How many passage vectors an engine keeps: 2 KB each, so at most 8 MB, whatever the corpus's size. */
export const KEPT_PASSAGE_VECTORS = 4096;

/** What a passage is embedded as: its headings, then its text (as `npm run fit:semantic` embedded them). */
export const encodedText = (passage: { readonly trail: readonly string[]; readonly text: string }) =>
  `${passage.trail.join(' › ')}\n${passage.text}`;

/** A sentence encoder with the vectors of the passages it has embedded, by passage id. */
export interface EncoderUse {
  encoder: SentenceEncoder;
  gate: EncoderGate;
  /** Filled as questions are asked; the oldest entry goes first once it holds KEPT_PASSAGE_VECTORS. */
  passageVectors: Map<string, Float32Array>;
}

/** The cosine of `question` and each of `retrieved`, in their order; each passage embedded once per engine. */
export async function encoderCosines(
  use: EncoderUse,
  question: string,
  retrieved: readonly Passage[],
): Promise<number[]> {
  if (retrieved.length === 0) return [];
  const known = new Map<string, Float32Array>();
  for (const passage of retrieved) {
    const vector = use.passageVectors.get(passage.id);
    if (vector !== undefined) known.set(passage.id, vector);
  }
  const unknown = [...new Map(retrieved.filter((p) => !known.has(p.id)).map((p) => [p.id, p])).values()];
  const vectors = await use.encoder.embed([question, ...unknown.map(encodedText)]);
  if (vectors.length !== unknown.length + 1) {
    throw new Error(`encoder: ${vectors.length} vectors for ${unknown.length + 1} texts`);
  }
  unknown.forEach((passage, k) => {
    const vector = vectors[k + 1] as Float32Array;
    known.set(passage.id, vector);
    keep(use.passageVectors, passage.id, vector);
  });
  const asked = vectors[0] as Float32Array;
  return retrieved.map((passage) => cosineOf(asked, known.get(passage.id) as Float32Array));
}

/** The gate's evidence from the cosines of the passages it reads, in retrieval's order. */
const evidenceOf = (cosines: readonly number[]): EncoderEvidence => ({
  encoderBest: cosines[0] ?? 0,
  encoderTop: Math.max(0, ...cosines),
});

/** The encoder's evidence for `question` at the `retrieved` passages, in retrieval's order. */
export async function encoderEvidence(
  use: EncoderUse,
  question: string,
  retrieved: readonly Passage[],
): Promise<EncoderEvidence> {
  return evidenceOf(await encoderCosines(use, question, retrieved));
}

function keep(vectors: Map<string, Float32Array>, id: string, vector: Float32Array): void {
  if (vectors.size >= KEPT_PASSAGE_VECTORS) {
    const oldest = vectors.keys().next().value;
    if (oldest !== undefined) vectors.delete(oldest);
  }
  vectors.set(id, vector);
}

/**
 * `scored` (retrieval's passages, in its order) read with the encoder: `gated`, the first `gates` of them
 * with each passage's score from the encoder's gate model (what the gate reads, as it was fitted), the
 * order unchanged; `ordered`, every one of them scored the same way, in the order the context is drawn
 * from: retrieval's, or with `rerank` the retrieval score (`features[at].cosine`) plus its weight times the
 * cosine of question and passage, highest first (retrieval's order among equals).
 */
export async function rescored(options: {
  use: EncoderUse;
  question: string;
  scored: readonly Scored[];
  features: readonly EvidenceFeatures[];
  gates: number;
}): Promise<{ gated: Scored[]; ordered: Scored[] }> {
  const { use, question, scored, features, gates } = options;
  const { rerank } = use.gate;
  const read = rerank === undefined ? scored.slice(0, gates) : scored;
  const cosines = await encoderCosines(
    use,
    question,
    read.map((s) => s.passage),
  );
  const evidence = evidenceOf(cosines.slice(0, gates));
  const all = read.map((s, at) => ({
    scored: { ...s, score: evidenceScore(features[at] as EvidenceFeatures, use.gate.evidence, evidence) },
    order: (features[at] as EvidenceFeatures).cosine + (rerank?.weight ?? 0) * (cosines[at] as number),
  }));
  const gated = all.slice(0, gates).map((s) => s.scored);
  if (rerank === undefined) return { gated, ordered: gated };
  const ordered = all
    .map((s, at) => ({ ...s, at }))
    .sort((a, b) => b.order - a.order || a.at - b.at)
    .map((s) => s.scored);
  return { gated, ordered };
}
