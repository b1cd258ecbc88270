// Question-time code: the text model and the edit distance are here, not in the InvertedIndex, so that the
// page can build the index at load (its first download, held to a size budget) without them.
import { editDistance } from '../text/edit-distance';
import { isEnglishWord } from '../text/english';
import { lemmaCandidates } from '../text/lemma';
import { isName } from '../text/names';
import {
  fold,
  STOPWORDS,
  type TermOf,
  termOf,
  termsOf,
  tokenize,
  tokensOf,
  wholeWord,
  words,
  wordsOf,
} from '../text/tokenize';
import type { Passage, QuestionReading, Scored, Thesaurus } from '../types';
import { type EvidenceFeatures, type EvidenceWeights, evidenceScore } from './evidence';
import { InvertedIndex } from './inverted-index';
import type { RetrievalModel } from './model';
import type { Postings } from './postings';
import {
  type Neighbour,
  type SemanticChannel,
  type SemanticSettings,
  softMatch,
  type WeightedTerm,
} from './semantic';

export interface Retriever {
  /** The `limit` passages most similar to the question, best first, each with a score in (0, 1]. */
  retrieve(question: string, limit: number): Scored[];
  /**
   * `retrieve`, with how the question was read (typos, expansions) and each passage's gate features.
   * `asWritten` reads no word as another (no slip, split or joined compound): what the question finds as
   * typed, to tell whether a correction changed anything.
   */
  read(question: string, limit: number, options?: { asWritten?: boolean }): Retrieval;
}

export interface Retrieval {
  scored: Scored[];
  reading: QuestionReading;
  /** The features the score of each of `scored` was made from, in the same order. */
  features: EvidenceFeatures[];
}

// A word this long that the corpus does not use is read as the nearest corpus term within one edit,
// and one of MIN_TWO_EDITS letters within two: shorter words are too often other real words.
const MIN_TYPO_LETTERS = 5;
const MIN_TWO_EDITS = 8;
const LETTERS_ONLY = /^\p{L}+$/u;
// The shortest part a compound the corpus lacks is split into: shorter parts ("a", "in", "on") make
// splits of ordinary words ("cart" → "car t").
const MIN_PART_LETTERS = 3;
// How many passages holding a term are read for the ways the corpus writes it, best first: its forms
// recur, and a common term's thousands of passages are not worth a question's time.
const WRITTEN_FORMS_READ = 50;

/** `word` (folded, lower case, letters alone) as the question writes it: "Germany" for "germany". */
function writtenAs(question: string, word: string): string {
  return wholeWord(word, 'iu').exec(fold(question))?.[0] ?? word;
}

/** What reading a question needs: the corpus's index, built once, and what the index does not hold. */
export interface RetrieverOptions {
  invertedIndex: InvertedIndex;
  /** The passages in the index's order: `Hit.doc` is a position in them. */
  passages: readonly Passage[];
  /** The gate's evidence model; without it a passage's score is the scorer's own. */
  evidence?: EvidenceWeights | undefined;
  /** Question words the corpus lacks → corpus terms that stand for them (compiled at ingest). */
  thesaurus?: Thesaurus | undefined;
  /** What a term reached through the thesaurus weighs, against 1 for a written word; 0 turns it off. */
  expansionWeight?: number;
  /** The semantic channel, once its word vectors are loaded, and how it reads questions. */
  semantic?: { channel: SemanticChannel; settings: SemanticSettings } | undefined;
}

// A passage's distinct terms, read once: the soft match reads them for every question that retrieves it,
// and a retriever is made per question. Keyed by the passage, so a corpus let go takes its entries along.
const DISTINCT_TERMS = new WeakMap<Passage, { text: string; distinct: string[] }>();

/** A retriever with its index built here, from the compiled index's parts: for scripts and tests. */
export function createRetriever(
  options: Omit<RetrieverOptions, 'invertedIndex'> & {
    model: RetrievalModel;
    terms: readonly string[];
    postings: Postings;
  },
): Retriever {
  const { model, terms, postings, ...reading } = options;
  const passageCount = reading.passages.length;
  return retrieverOn({
    ...reading,
    invertedIndex: new InvertedIndex({ model, terms, postings, passageCount }),
  });
}

/**
 * Reads questions against an index already built (the load's heavy work: idf, norms). Building the
 * retriever costs nothing more than its closures, so the page makes one when a question is asked.
 */
export function retrieverOn(options: RetrieverOptions): Retriever {
  const { invertedIndex: index, passages, evidence, thesaurus, semantic } = options;
  const expansionWeight = options.expansionWeight ?? 0;

  /**
   * The question's terms. A word the corpus lacks is a name when WordNet says so (it stays unknown, and
   * is read as capitalised); else it is read through the thesaurus when it knows the word (each corpus
   * term it gives counts `expansionWeight` of a written one), or else, when it is long enough and no
   * English word, as the nearest corpus term (a typo), unless another word stays unknown.
   */
  function readTerms(
    written: string,
    asTyped: boolean,
  ): {
    terms: TermOf[];
    reading: QuestionReading;
    factors: Map<string, number>;
  } {
    const { question, joined } = asTyped ? { question: fold(written), joined: [] } : joinCompounds(written);
    const reading: QuestionReading = { readAs: [], expanded: [], names: [] };
    const factors = new Map<string, number>();
    // A hyphenated word is read as the compound and as its parts (termsOf), so one of them the corpus lacks
    // is how the asker joined or split words, not a word the corpus never writes: it does not stop a slip
    // from being read ("afterhours" of "after-hours"; "inter" of "inter-libary", read as "interlibrary").
    const hyphenated = new Set(
      wordsOf(question).flatMap(({ word, parts }) => (parts === undefined ? [] : [word, ...parts])),
    );
    let unread = false;
    const terms = termsOf(question).flatMap((found): TermOf[] => {
      const { term, word } = found;
      if (index.termId(term) !== undefined) return [found];
      if (isName(word)) {
        // A name is no slip of another word, and a question naming what the corpus never names is about
        // something else: no other word of it is read as a slip either.
        unread = true;
        const written = writtenAs(question, word);
        if (!reading.names.includes(written)) reading.names.push(written);
        return [found];
      }
      const related = expansionWeight > 0 ? relatedWords(word) : undefined;
      if (related !== undefined) {
        reading.expanded.push({ written: word, terms: related });
        for (const target of related) factors.set(target, expansionWeight);
        // The word itself stays, unseen, in the question's norm: a stand-in is not the word asked about.
        return [found, ...related.map((target) => ({ term: target, word }))];
      }
      // An English word is the word the asker meant, never a slip ("wants" is not "waits"): it stays as
      // written, unknown to the corpus, and does not stop another word's slip from being read.
      if (word.length < MIN_TYPO_LETTERS || !LETTERS_ONLY.test(word) || isEnglishWord(word)) return [found];
      if (asTyped) return [found];
      const maxDistance = word.length >= MIN_TWO_EDITS ? 2 : 1;
      const near = nearestTerm({ index, term, maxDistance });
      const asWritten = near === undefined ? undefined : writtenNear({ word, term: near, maxDistance });
      if (near === undefined || asWritten === undefined) {
        const parts = splitCompound(word);
        if (parts !== undefined) {
          reading.readAs.push({ written: word, readAs: parts.join(' ') });
          return parts.map((part) => ({ term: termOf(part), word: part }));
        }
        if (!hyphenated.has(word)) unread = true;
        return [found];
      }
      reading.readAs.push({ written: word, readAs: asWritten });
      return [{ term: near, word }];
    });
    // A word both written and reached through the thesaurus counts as written.
    for (const { term } of termsOf(question)) factors.delete(term);
    // A question holding a word long enough to be a slip, yet near no word of the corpus, names something
    // the corpus never writes: it is about something else, and another of its words one slip from a
    // corpus word is a coincidence (a surname one letter from "charges"), so no slip is read in it. Short
    // words, numbers and words the thesaurus read do not count.
    // Two words read as the one word the corpus writes are no slip, and stay read so.
    if (unread && reading.readAs.length > 0) {
      return { terms: termsOf(question), reading: { ...reading, readAs: joined }, factors };
    }
    return { terms, reading: { ...reading, readAs: [...joined, ...reading.readAs] }, factors };
  }

  const isTerm = (word: string) => index.termId(termOf(word)) !== undefined;

  /**
   * The question with each pair of adjacent words the corpus writes as one word read as that word: "audio
   * book" as "audiobook", "inter library" as "interlibrary" (a hyphen already joins: "inter-library").
   * People split compounds a manual writes closed; the parts alone would meet other passages, or none.
   */
  function joinCompounds(question: string): { question: string; joined: QuestionReading['readAs'] } {
    const pairs: Array<[string, string]> = [];
    let previous: string | undefined;
    for (const token of tokensOf(question)) {
      const word = token.kind === 'word' ? token.word.word : undefined;
      const joinable = word !== undefined && LETTERS_ONLY.test(word) && !STOPWORDS.has(word);
      if (joinable && previous !== undefined && joinsAsOne(previous, word)) {
        pairs.push([previous, word]);
        previous = undefined;
        continue;
      }
      previous = joinable ? word : undefined;
    }
    const joined: QuestionReading['readAs'] = [];
    let read = fold(question);
    for (const [first, second] of pairs) {
      // As typed ("Audio  Book"), so that the reader finds the words the reading names. Both words are
      // letters alone (LETTERS_ONLY): the pattern needs no escaping.
      read = read.replace(wholeWord(`${first}\\s+${second}`, 'iu'), (written) => {
        joined.push({ written, readAs: first + second });
        return first + second;
      });
    }
    return { question: read, joined };
  }

  /**
   * Whether two words are the one word the corpus writes, where one of them is no corpus word: two it
   * uses ("error boundary") say more apart than as the one word its code writes ("ErrorBoundary").
   */
  const joinsAsOne = (first: string, second: string) =>
    !(isTerm(first) && isTerm(second)) && isTerm(first + second);

  /**
   * A word the corpus lacks, read as two words it writes side by side when no slip explains it:
   * "bookdrop" as "book drop" ("weekdays" is not "week days" in a corpus that writes "days a week"; "setup"
   * would need the stopword "up" and is left alone). Each part has at least MIN_PART_LETTERS letters and is
   * no stopword; the split with the longer first part wins.
   */
  function splitCompound(word: string): [string, string] | undefined {
    for (let at = word.length - MIN_PART_LETTERS; at >= MIN_PART_LETTERS; at--) {
      const parts: [string, string] = [word.slice(0, at), word.slice(at)];
      if (parts.every((part) => !STOPWORDS.has(part) && isTerm(part)) && writtenSideBySide(parts)) {
        return parts;
      }
    }
    return undefined;
  }

  /** Whether a passage holding both words writes them one after the other. */
  function writtenSideBySide([first, second]: [string, string]): boolean {
    const wanted = [termOf(first), termOf(second)];
    return index.search(wanted, WRITTEN_FORMS_READ).some((hit) => {
      const terms = words(passageText(passages[hit.doc] as Passage)).map(termOf);
      return terms.some((term, at) => term === wanted[0] && terms[at + 1] === wanted[1]);
    });
  }

  /**
   * A word the corpus writes for `term` within `maxDistance` of `word`, if any. Terms are stems, and two
   * stems one edit apart can stand for words further apart ("senate" and "seat", "country" and
   * "counted"): a slip of the keyboard is measured on the letters typed, against a word the corpus writes.
   */
  function writtenNear(options: { word: string; term: string; maxDistance: number }): string | undefined {
    const { word, term, maxDistance } = options;
    for (const holder of index.search([term], WRITTEN_FORMS_READ)) {
      const near = words(passageText(passages[holder.doc] as Passage)).find(
        (written) =>
          termOf(written) === term &&
          editDistance({ from: word, to: written, max: maxDistance }) <= maxDistance,
      );
      if (near !== undefined) return near;
    }
    return undefined;
  }

  /**
   * Coverage counts the question's words: one the thesaurus expanded is held when any of its terms is.
   * With the semantic channel, how near the passage comes in meaning where it lacks the words (softMatch).
   */
  function featuresOf(
    terms: readonly TermOf[],
    names: readonly string[],
    hit: { doc: number; score: number },
  ): EvidenceFeatures {
    const byWord = new Map<string, string[]>();
    for (const { term, word } of terms) byWord.set(word, [...(byWord.get(word) ?? []), term]);
    let held = 0;
    let weightHeld = 0;
    let weightAll = 0;
    const asked: WeightedTerm[] = [];
    for (const wordTerms of byWord.values()) {
      const ids = wordTerms.map((term) => index.termId(term));
      const idf = Math.max(...ids.map((id) => index.idf(id)));
      weightAll += idf;
      asked.push({ term: wordTerms[0] as string, weight: idf });
      if (ids.some((id) => id !== undefined && index.holds(id, hit.doc))) {
        held++;
        weightHeld += idf;
      }
    }
    const soft =
      semantic === undefined
        ? { close: 0, related: 0, meanSimilarity: 0 }
        : softMatch({ table: semantic.channel.table, question: asked, passage: weightedTermsOf(hit.doc) });
    return {
      cosine: hit.score,
      coverage: byWord.size === 0 ? 0 : held / byWord.size,
      weightedCoverage: weightAll === 0 ? 0 : weightHeld / weightAll,
      ...soft,
      unknownNames: byWord.size === 0 ? 0 : Math.min(1, names.length / byWord.size),
    };
  }

  /** A passage's terms, each once, weighed by idf: what its side of a soft match is made of. */
  function weightedTermsOf(doc: number): WeightedTerm[] {
    const passage = passages[doc] as Passage;
    // Kept with the text read: a passage whose text was not here yet (read as '' while ask() names the
    // blocks a question needs) is read again once it is, not remembered by its headings alone.
    const text = passageText(passage);
    let known = DISTINCT_TERMS.get(passage);
    if (known?.text !== text) {
      known = { text, distinct: [...new Set(tokenize(text))] };
      DISTINCT_TERMS.set(passage, known);
    }
    return known.distinct.map((term) => ({ term, weight: index.idf(index.termId(term)) }));
  }

  /**
   * Each question word's neighbours in meaning among the corpus terms (none it already asks with), and
   * the factor each weighs in retrieval: the channel's weight times its similarity.
   */
  function neighboursOf(terms: readonly TermOf[], factors: ReadonlyMap<string, number>) {
    const near = new Map<string, Neighbour[]>();
    const added = new Map<string, { word: string; factor: number }>();
    // At weight 0 a neighbour adds nothing to retrieval: the channel then speaks only to the gate.
    if (semantic === undefined || semantic.settings.weight === 0) return { near, added };
    const { channel, settings } = semantic;
    const asked = new Set(terms.map(({ term }) => term));
    for (const { term, word } of terms) {
      // A word's own term, not a stand-in the thesaurus gave for it.
      if (factors.has(term) || near.has(word)) continue;
      const found = channel
        .neighbours(term, { count: settings.neighbours, minSimilarity: settings.minSimilarity })
        .filter((neighbour) => !asked.has(neighbour.term) && index.termId(neighbour.term) !== undefined);
      near.set(word, found);
      for (const { term: neighbour, similarity } of found) {
        const factor = settings.weight * similarity;
        if ((added.get(neighbour)?.factor ?? 0) < factor) added.set(neighbour, { word, factor });
      }
    }
    return { near, added };
  }

  /** The corpus terms the thesaurus gives for `word`, looked up by the dictionary forms it may inflect. */
  function relatedWords(word: string): string[] | undefined {
    if (thesaurus === undefined) return undefined;
    const key = lemmaCandidates(word).find((form) => Object.hasOwn(thesaurus, form));
    return key === undefined ? undefined : thesaurus[key];
  }

  function read(question: string, limit: number, options: { asWritten?: boolean } = {}): Retrieval {
    const read = readTerms(question, options.asWritten === true);
    const { terms, reading } = read;
    const { added } = neighboursOf(terms, read.factors);
    const factors = new Map(read.factors);
    for (const [term, { factor }] of added) factors.set(term, factor);
    const hits = index.search([...terms.map(({ term }) => term), ...added.keys()], limit, factors);
    // The scorer's order stands (re-ranking by evidence placed fewer right passages in the top three of
    // the development sets); the gate compares each passage's evidence with its threshold.
    const features = hits.map((hit) => featuresOf(terms, reading.names, hit));
    const scored = hits.map((hit, at) => ({
      passage: passages[hit.doc] as Passage,
      score: evidence === undefined ? hit.score : evidenceScore(features[at] as EvidenceFeatures, evidence),
    }));
    const shown: QuestionReading = {
      readAs: reading.readAs,
      expanded: reading.expanded.map(({ written, terms: related }) => ({
        written,
        terms: related.map((term) => surfaceOf(term, scored) ?? term),
      })),
      names: reading.names,
    };
    return { scored, reading: shown, features };
  }

  return {
    read,
    retrieve: (question, limit) => read(question, limit).scored,
  };
}

/**
 * The corpus term nearest to `term` within `maxDistance` edits, sharing its first letter (typos rarely
 * touch it, and it keeps the search to one slice of the sorted vocabulary); ties go to the more common.
 */
function nearestTerm(options: {
  index: InvertedIndex;
  term: string;
  maxDistance: number;
}): string | undefined {
  const { index, term, maxDistance } = options;
  let best: { term: string; distance: number; passageCount: number } | undefined;
  for (const candidate of index.termsStartingWith(term.slice(0, 1))) {
    const distance = editDistance({ from: term, to: candidate.term, max: maxDistance });
    if (distance > maxDistance) continue;
    if (
      best === undefined ||
      distance < best.distance ||
      (distance === best.distance && candidate.passageCount > best.passageCount)
    ) {
      best = { ...candidate, distance };
    }
  }
  return best?.term;
}

/** A word of the retrieved passages that folds to `term`, to show a person instead of a stem. */
function surfaceOf(term: string, scored: readonly Scored[]): string | undefined {
  for (const { passage } of scored) {
    const word = words(passageText(passage)).find((candidate) => termOf(candidate) === term);
    if (word !== undefined) return word;
  }
  return undefined;
}

/** What a passage is indexed as: its heading trail restores what the heading said about the text. */
export function passageText(passage: Pick<Passage, 'trail' | 'text'>): string {
  return `${passage.trail.join(' > ')}\n${passage.text}`;
}
