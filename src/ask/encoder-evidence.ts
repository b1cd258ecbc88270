// The sentence encoder's evidence at question time: the question embedded, and the passages retrieval
// returned (each once per engine: their vectors are kept), and each passage's evidence rescored with
// the encoder's gate model. Retrieval's order stands: the encoder weighs in on whether to answer, not
// on which passage comes first (as a retriever it ranked worse than the words, docs/sentence-encoder.md).
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

/** The encoder's evidence for `question` at the `retrieved` passages, in retrieval's order. */
export async function encoderEvidence(
  use: EncoderUse,
  question: string,
  retrieved: readonly Passage[],
): Promise<EncoderEvidence> {
  if (retrieved.length === 0) return { encoderBest: 0, encoderTop: 0 };
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
  const cosines = retrieved.map((passage) => cosineOf(asked, known.get(passage.id) as Float32Array));
  return { encoderBest: cosines[0] as number, encoderTop: Math.max(0, ...cosines) };
}

function keep(vectors: Map<string, Float32Array>, id: string, vector: Float32Array): void {
  if (vectors.size >= KEPT_PASSAGE_VECTORS) {
    const oldest = vectors.keys().next().value;
    if (oldest !== undefined) vectors.delete(oldest);
  }
  vectors.set(id, vector);
}

/** `scored` with each passage's score from the encoder's gate model, the order unchanged. */
export async function rescored(options: {
  use: EncoderUse;
  question: string;
  scored: readonly Scored[];
  features: readonly EvidenceFeatures[];
}): Promise<Scored[]> {
  const { use, question, scored, features } = options;
  const evidence = await encoderEvidence(
    use,
    question,
    scored.map((s) => s.passage),
  );
  return scored.map((s, at) => ({
    ...s,
    score: evidenceScore(features[at] as EvidenceFeatures, use.gate.evidence, evidence),
  }));
}
