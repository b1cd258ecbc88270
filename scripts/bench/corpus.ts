// Deterministic synthetic corpora for the benchmark: made-up words with Zipf-like frequencies, Markdown
// files of `## Section N` passages, and known-item queries whose words all come from one passage.
import type { SourceFile } from '../../src/ingest/chunk';
import { STOPWORDS } from '../../src/text/tokenize';

export const CORPUS_SETTINGS = {
  seed: 20_261_203,
  vocabularySize: 30_000,
  /** Word of rank r (0 = most common) is drawn with probability ∝ 1 / (r + 1)^zipfExponent. */
  zipfExponent: 1.07,
  passageWords: { min: 40, max: 80 },
  sentenceWords: { min: 6, max: 14 },
  passagesPerFile: 100,
  queryWords: { min: 3, max: 5 },
  /** Query words never come from the most common words, so that queries are not all stopword-like. */
  skippedCommonWords: 100,
} as const;

export const QUERY_CHOICE =
  `each query: a target passage drawn uniformly, then ${CORPUS_SETTINGS.queryWords.min}–` +
  `${CORPUS_SETTINGS.queryWords.max} distinct words drawn uniformly from that passage's distinct words, ` +
  `skipping the ${CORPUS_SETTINGS.skippedCommonWords} most common words of the vocabulary`;

// Consonant-vowel syllables ending in a, i, o or u: no suffix of src/retrieval/stem.ts ends that way, and
// no letter is doubled, so every engine's tokenizer keeps each made-up word whole and distinct.
const CONSONANTS = 'bdfgjklmnprtvz';
const VOWELS = 'aeiou';
const FINAL_VOWELS = 'aiou';
const SYLLABLES = { min: 2, max: 4 } as const;

/** mulberry32: a small, fast, seedable generator of numbers in [0, 1); the same seed, the same stream. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A whole number in [min, max], both included. */
function between(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

function pick(random: () => number, letters: string): string {
  return letters[Math.floor(random() * letters.length)] as string;
}

export interface Vocabulary {
  /** Most common first. */
  words: string[];
  /** cumulative[r] = the sum of the weights of ranks 0..r, for drawing a rank by binary search. */
  cumulative: Float64Array;
}

/**
 * Made-up words, or `words` (real ones, most common first: the semantic benchmark needs words the word
 * vectors know), with Zipf weights by rank.
 */
export function makeVocabulary(random: () => number, words?: readonly string[]): Vocabulary {
  const { zipfExponent } = CORPUS_SETTINGS;
  if (words !== undefined) return { words: [...words], cumulative: zipfWeights(words.length, zipfExponent) };
  const { vocabularySize } = CORPUS_SETTINGS;
  const unique = new Set<string>();
  while (unique.size < vocabularySize) {
    const syllables = between(random, SYLLABLES.min, SYLLABLES.max);
    let word = '';
    for (let at = 1; at <= syllables; at++) {
      word += pick(random, CONSONANTS) + pick(random, at === syllables ? FINAL_VOWELS : VOWELS);
    }
    if (!STOPWORDS.has(word)) unique.add(word);
  }
  // Shorter words are the common ones, as in natural language ("kato" rather than "vuzimobu").
  return {
    words: [...unique].sort((a, b) => a.length - b.length),
    cumulative: zipfWeights(vocabularySize, zipfExponent),
  };
}

function zipfWeights(size: number, exponent: number): Float64Array {
  const cumulative = new Float64Array(size);
  let total = 0;
  for (let rank = 0; rank < size; rank++) {
    total += 1 / (rank + 1) ** exponent;
    cumulative[rank] = total;
  }
  return cumulative;
}

/** A rank drawn with its Zipf weight: the first rank whose cumulative weight exceeds a uniform draw. */
function drawRank(vocabulary: Vocabulary, random: () => number): number {
  const { cumulative } = vocabulary;
  const target = random() * (cumulative[cumulative.length - 1] as number);
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((cumulative[middle] as number) > target) high = middle;
    else low = middle + 1;
  }
  return low;
}

export interface SyntheticPassage {
  /** The id the ingest gives it: `doc-00003#section-201`. */
  id: string;
  file: string;
  trail: string[];
  text: string;
  /** The vocabulary rank of each word of the text, in order. */
  ranks: Uint16Array;
}

export interface SyntheticCorpus {
  files: SourceFile[];
  /** In the order the ingest finds them. */
  passages: SyntheticPassage[];
  vocabulary: Vocabulary;
}

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** 40–80 words in sentences of 6–14 words, each capitalised and ending in a full stop. */
function passageBody(vocabulary: Vocabulary, random: () => number): { text: string; ranks: Uint16Array } {
  const { passageWords, sentenceWords } = CORPUS_SETTINGS;
  const ranks = new Uint16Array(between(random, passageWords.min, passageWords.max));
  for (let at = 0; at < ranks.length; at++) ranks[at] = drawRank(vocabulary, random);
  const sentences: string[] = [];
  for (let start = 0; start < ranks.length; ) {
    const end = Math.min(ranks.length, start + between(random, sentenceWords.min, sentenceWords.max));
    const words = Array.from(ranks.subarray(start, end), (rank) => vocabulary.words[rank] as string);
    words[0] = capitalised(words[0] as string);
    sentences.push(`${words.join(' ')}.`);
    start = end;
  }
  return { text: sentences.join(' '), ranks };
}

/**
 * `passageCount` passages, 100 to a file: `# Document F`, then `## Section N` over each passage, N
 * counting across the whole corpus. The same seed gives the same corpus, and a smaller corpus is the
 * start of a larger one.
 */
export function makeCorpus(options: {
  passageCount: number;
  seed?: number;
  /** Real words, most common first, instead of made-up ones. */
  words?: readonly string[];
}): SyntheticCorpus {
  const random = mulberry32(options.seed ?? CORPUS_SETTINGS.seed);
  const vocabulary = makeVocabulary(random, options.words);
  const files: SourceFile[] = [];
  const passages: SyntheticPassage[] = [];
  const { passagesPerFile } = CORPUS_SETTINGS;
  for (let first = 0; first < options.passageCount; first += passagesPerFile) {
    const fileNumber = files.length + 1;
    const stem = `doc-${String(fileNumber).padStart(5, '0')}`;
    const title = `Document ${fileNumber}`;
    const sections: string[] = [`# ${title}\n`];
    const last = Math.min(options.passageCount, first + passagesPerFile);
    for (let position = first; position < last; position++) {
      const heading = `Section ${position + 1}`;
      const { text, ranks } = passageBody(vocabulary, random);
      sections.push(`## ${heading}\n\n${text}\n`);
      passages.push({
        id: `${stem}#section-${position + 1}`,
        file: `${stem}.md`,
        trail: [title, heading],
        text,
        ranks,
      });
    }
    files.push({ path: `${stem}.md`, text: sections.join('\n') });
  }
  return { files, passages, vocabulary };
}

export interface KnownItemQuery {
  text: string;
  /** Position of the passage the words were drawn from, in `SyntheticCorpus.passages`. */
  target: number;
}

/** See QUERY_CHOICE. Drawn from their own stream, so the queries do not change the corpus. */
export function makeQueries(options: {
  corpus: SyntheticCorpus;
  count: number;
  seed?: number;
}): KnownItemQuery[] {
  const { corpus, count } = options;
  const random = mulberry32((options.seed ?? CORPUS_SETTINGS.seed) + 1);
  const { queryWords, skippedCommonWords } = CORPUS_SETTINGS;
  const queries: KnownItemQuery[] = [];
  while (queries.length < count) {
    const target = Math.floor(random() * corpus.passages.length);
    const passage = corpus.passages[target] as SyntheticPassage;
    const eligible = [...new Set(passage.ranks)].filter((rank) => rank >= skippedCommonWords);
    // Partial Fisher–Yates: the first `wanted` entries become a uniform sample without repeats.
    const wanted = Math.min(eligible.length, between(random, queryWords.min, queryWords.max));
    if (wanted === 0) continue;
    for (let at = 0; at < wanted; at++) {
      const swap = between(random, at, eligible.length - 1);
      [eligible[at], eligible[swap]] = [eligible[swap] as number, eligible[at] as number];
    }
    const words = eligible.slice(0, wanted).map((rank) => corpus.vocabulary.words[rank] as string);
    queries.push({ text: words.join(' '), target });
  }
  return queries;
}
