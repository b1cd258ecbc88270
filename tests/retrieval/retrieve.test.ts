import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvertedIndex } from '../../src/retrieval/inverted-index';
import { BM25, describeModel, type RetrievalModel, TFIDF } from '../../src/retrieval/model';
import { buildPostings } from '../../src/retrieval/postings';
import { createRetriever, passageText } from '../../src/retrieval/retrieve';
import { tokenize } from '../../src/text/tokenize';
import type { Passage } from '../../src/types';
import { flatScan } from '../helpers/flat-scan';

const passage = (id: string, text: string): Passage => ({ id, file: 'f.md', line: 1, trail: ['T'], text });

/** A tf-idf retriever over `passages`, its index built here. */
const tfidfRetriever = (passages: Passage[]) =>
  createRetriever({
    model: TFIDF,
    ...buildPostings(passages.map((p) => tokenize(passageText(p)))),
    passages,
  });

function build(texts: string[], model: RetrievalModel) {
  const passages = texts.map((text, i) => passage(`f#p${i}`, text));
  const termLists = passages.map((p) => tokenize(passageText(p)));
  const { terms, postings } = buildPostings(termLists);
  return { termLists, retriever: createRetriever({ model, terms, postings, passages }) };
}

describe.each([
  ['bm25', BM25],
  ['tfidf', TFIDF],
])('retrieve with %s', (_name, model) => {
  it('ranks the passage that shares the rare words first, with a score in (0, 1]', () => {
    const { retriever } = build(['cats sleep all day', 'dogs need walks', 'cats and dogs'], model);
    const [best] = retriever.retrieve('when do cats sleep', 3);
    expect(best?.passage.id).toBe('f#p0');
    expect(best?.score).toBeGreaterThan(0);
    expect(best?.score).toBeLessThanOrEqual(1 + 1e-12);
  });

  it('returns nothing for a question with no term in the corpus', () => {
    const { retriever } = build(['cats sleep all day'], model);
    expect(retriever.retrieve('capital of France', 5)).toEqual([]);
  });

  it('returns nothing for a question made only of stopwords, or a limit of 0', () => {
    const { retriever } = build(['cats sleep all day'], model);
    expect(retriever.retrieve('what is the', 5)).toEqual([]);
    expect(retriever.retrieve('cats', 0)).toEqual([]);
  });

  it('scores a question lower when it adds words the corpus never uses', () => {
    const { retriever } = build(['cats sleep all day', 'dogs need walks'], model);
    const alone = retriever.retrieve('cats', 1)[0]?.score ?? 0;
    const diluted = retriever.retrieve('cats quantum chromodynamics', 1)[0]?.score ?? 0;
    expect(diluted).toBeGreaterThan(0);
    expect(diluted).toBeLessThan(alone / 2);
  });

  it('uses the heading trail as part of the passage', () => {
    const passages = [{ ...passage('f#holds', 'Up to 10 at once.'), trail: ['Borrowing', 'Holds'] }];
    const { terms, postings } = buildPostings(passages.map((p) => tokenize(passageText(p))));
    const retriever = createRetriever({ model, terms, postings, passages });
    expect(retriever.retrieve('holds', 1)[0]?.passage.id).toBe('f#holds');
  });

  it('keeps the earlier passage first when two score the same', () => {
    const { retriever } = build(['cats sleep', 'dogs bark', 'cats sleep'], model);
    expect(retriever.retrieve('cats sleep', 2).map((hit) => hit.passage.id)).toEqual(['f#p0', 'f#p2']);
  });

  const vocabulary = [
    'cat',
    'dog',
    'sleep',
    'walk',
    'water',
    'day',
    'hour',
    'food',
    'bowl',
    'garden',
    'sun',
    'rain',
  ];
  const text = fc
    .array(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: 12 })
    .map((w) => w.join(' '));

  // Scores equal in exact arithmetic may differ in the last bits between the two sums, and their order
  // with them, so "the same top 10" is: the same scores position by position, and every passage the
  // index returns scoring, in the flat scan, what the index says it does.
  it('through the inverted index equals a flat scan over every passage, up to ties within 1e-9', () => {
    fc.assert(
      fc.property(
        fc.array(text, { minLength: 1, maxLength: 40 }),
        text,
        fc.integer({ min: 1, max: 10 }),
        (texts, question, limit) => {
          const { termLists, retriever } = build(texts, model);
          const all = flatScan(model, termLists, tokenize(question), texts.length);
          const flatScores = new Map(all.map((hit) => [`f#p${hit.doc}`, hit.score]));
          const actual = retriever.retrieve(question, limit);
          expect(actual).toHaveLength(Math.min(limit, all.length));
          expect(new Set(actual.map((hit) => hit.passage.id)).size).toBe(actual.length);
          // Equal scores, as shown, come in passage order ("ties go to the earlier passage").
          actual.slice(1).forEach((hit, i) => {
            const previous = actual[i] as (typeof actual)[number];
            if (hit.score === previous.score) {
              expect(Number(hit.passage.id.slice(3))).toBeGreaterThan(Number(previous.passage.id.slice(3)));
            }
          });
          actual.forEach((hit, i) => {
            expect(Math.abs(hit.score - (all[i]?.score ?? Number.NaN))).toBeLessThan(1e-9);
            expect(Math.abs(hit.score - (flatScores.get(hit.passage.id) ?? Number.NaN))).toBeLessThan(1e-9);
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('equals the flat scan exactly where no two scores are close', () => {
    const texts = ['cat sleep sleep', 'dog walk', 'cat dog water water water', 'sun rain garden', 'cat'];
    const { termLists, retriever } = build(texts, model);
    const question = 'cat water sleep';
    const expected = flatScan(model, termLists, tokenize(question), 10);
    expect(retriever.retrieve(question, 10).map((hit) => hit.passage.id)).toEqual(
      expected.map((hit) => `f#p${hit.doc}`),
    );
  });
});

describe('scorers', () => {
  it('bm25 saturates repeated terms where tf-idf keeps rewarding them less and less', () => {
    const texts = ['cat', 'cat cat cat cat cat cat cat cat', 'dog'];
    const once = build(texts, BM25).retriever.retrieve('cat', 2);
    // Both passages are about cats; under BM25 the short one is not far behind the repetitive one.
    expect(once.map((hit) => hit.passage.id)).toEqual(['f#p1', 'f#p0']);
    expect((once[1]?.score ?? 0) / (once[0]?.score ?? 1)).toBeGreaterThan(0.5);
  });

  it('bm25 scores stay below 1 however often a passage repeats the question', () => {
    const { retriever } = build([Array(500).fill('cat').join(' '), 'dog'], BM25);
    const score = retriever.retrieve('cat', 1)[0]?.score ?? 0;
    expect(score).toBeGreaterThan(0.9);
    expect(score).toBeLessThan(1);
  });

  it('describes each model with its settings', () => {
    expect(describeModel(BM25)).toMatch(/bm25 \(k1 1.2, b 0.75/);
    expect(describeModel(TFIDF)).toMatch(/^tfidf-cosine/);
  });

  it('refuses a model kind it does not know', () => {
    const { terms, postings } = buildPostings([['cat']]);
    const unknown = { kind: 'dense' } as never;
    expect(() => new InvertedIndex({ model: unknown, terms, postings, passageCount: 1 })).toThrow(
      /unhandled case/,
    );
    expect(() => describeModel(unknown)).toThrow(/unhandled case/);
  });
});

describe('reading the question', () => {
  const texts = [
    'Library cards are free for members',
    'A renewal extends the loan period',
    'Films and movies',
  ];
  const passages = texts.map((text, i) => passage(`f#p${i}`, text));
  const { terms, postings } = buildPostings(passages.map((p) => tokenize(passageText(p))));
  const base = { model: TFIDF, terms, postings, passages };

  it('reads a long word the corpus lacks as the nearest corpus word, and says so', () => {
    const retriever = createRetriever(base);
    const { scored, reading } = retriever.read('how much is a libary card', 3);
    expect(scored[0]?.passage.id).toBe('f#p0');
    expect(reading.readAs).toEqual([{ written: 'libary', readAs: 'library' }]);
    expect(retriever.retrieve('how much is a libary card', 3)[0]?.score).toBeCloseTo(
      retriever.retrieve('how much is a library card', 3)[0]?.score ?? 0,
      12,
    );
  });

  it('reads no word as another when asked to read the question as typed', () => {
    const retriever = createRetriever(base);
    const asTyped = retriever.read('how much is a libary card', 3, { asWritten: true });
    expect(asTyped.reading.readAs).toEqual([]);
    expect(asTyped.scored[0]?.score ?? 0).toBeLessThan(
      retriever.read('how much is a libary card', 3).scored[0]?.score ?? 0,
    );
  });

  it('leaves short words, numbers and words far from any corpus word as written', () => {
    const retriever = createRetriever(base);
    expect(retriever.read('is a crad free', 3).reading.readAs).toEqual([]);
    expect(retriever.read('quantum renewal', 3).reading.readAs).toEqual([]);
  });

  it('never reads an English word as a slip of a corpus word, and still reads a slip beside it', () => {
    // "wants" is one letter from "waits", "parking" from "marking": English words both, meant as written.
    const waits = [passage('w#p0', 'A member waits for a library card'), passage('w#p1', 'Marking books')];
    const retriever = tfidfRetriever(waits);
    expect(retriever.read('my son wants a card', 3).reading.readAs).toEqual([]);
    expect(retriever.read('is there parking', 3).reading.readAs).toEqual([]);
    expect(retriever.read('my son wants a libary card', 3).reading.readAs).toEqual([
      { written: 'libary', readAs: 'library' },
    ]);
  });

  it('measures a slip on the letters typed: a word whose stem is one edit from a corpus stem is not a typo of it', () => {
    // "seated" and "senate" fold to stems one edit apart, but are written three letters apart.
    const seats = [passage('s#p0', 'Members are seated in the hall')];
    const retriever = tfidfRetriever(seats);
    expect(retriever.read('who sits in the senate', 3).reading.readAs).toEqual([]);
    expect(retriever.read('where are members saeted', 3).reading.readAs).toEqual([
      { written: 'saeted', readAs: 'seated' },
    ]);
  });

  it('reads no slip in a question that also names something the corpus never writes', () => {
    // "libary" beside "zorvath": the question is about something else, and "library" a coincidence.
    const retriever = createRetriever(base);
    const { scored, reading } = retriever.read('did zorvath have a libary card', 3);
    expect(reading.readAs).toEqual([]);
    expect(scored[0]?.score).toBeLessThan(
      retriever.retrieve('did zorvath have a library card', 3)[0]?.score ?? 0,
    );
    // A short word, a number or a year the corpus lacks names nothing that rules the slip out.
    for (const question of ['is the libary card free for kids', 'is the libary card free in 2025']) {
      expect(retriever.read(question, 3).reading.readAs).toEqual([{ written: 'libary', readAs: 'library' }]);
    }
  });

  it('reads a name the corpus never uses as a name, however it is typed, and no slip beside it', () => {
    const retriever = createRetriever(base);
    expect(retriever.read('are library cards free in paris', 3).reading.names).toEqual(['paris']);
    // As typed: the page says "Paris" is a name, or that "paris" was read as the name "Paris".
    expect(retriever.read('are library cards free in Paris', 3).reading.names).toEqual(['Paris']);
    // "libary" beside a name the corpus never writes is not read as "library": the question is elsewhere.
    expect(retriever.read('is the libary in paris free', 3).reading).toMatchObject({
      readAs: [],
      names: ['paris'],
    });
    // An ordinary word the corpus lacks is no name; nor is a name the corpus uses.
    expect(retriever.read('are library cards free for students', 3).reading.names).toEqual([]);
    const paris = [passage('p#p0', 'Library cards are free in Paris')];
    const inParis = tfidfRetriever(paris);
    expect(inParis.read('are library cards free in paris', 3).reading.names).toEqual([]);
  });

  it('reads two words the corpus writes as one as that word, and one word it writes as two as those', () => {
    const texts = ['Audiobooks are lent for 21 days.', 'Return items in the book drop.', 'Cards are free.'];
    const shelf = texts.map((text, i) => passage(`c#p${i}`, text));
    const retriever = tfidfRetriever(shelf);
    const joined = retriever.read('how long can I keep an Audio  Book', 3);
    expect(joined.reading.readAs).toEqual([{ written: 'Audio  Book', readAs: 'audiobook' }]);
    const closed = retriever.read('how long can I keep an audiobook', 3);
    expect(joined.scored[0]?.score).toBeCloseTo(closed.scored[0]?.score ?? 0, 12);
    const split = retriever.read('is there a bookdrop', 3);
    expect(split.reading.readAs).toEqual([{ written: 'bookdrop', readAs: 'book drop' }]);
    expect(split.scored[0]?.passage.id).toBe('c#p1');
    // A pair the corpus does not write as one stays two words; a stopword is never half a compound, nor
    // is a part shorter than three letters.
    expect(retriever.read('audio cards', 3).reading.readAs).toEqual([]);
    // Nor is a word split into two the corpus never writes side by side ("daysitems").
    expect(retriever.read('are daysitems free', 3).reading.readAs).toEqual([]);
    // Two words the corpus uses apart stay two, even where its code writes them as one.
    const code = [
      passage('e#p0', 'Wrap it in an ErrorBoundary.'),
      passage('e#p1', 'An error boundary catches.'),
    ];
    const reader = tfidfRetriever(code);
    expect(reader.read('what does an error boundary catch', 3).reading.readAs).toEqual([]);
    expect(retriever.read('is the bookin drop open', 3).reading.readAs).toEqual([]);
    // The parts keep the letters typed; a slip of a corpus word is read as that word, not split.
    expect(retriever.read('where is the booksdrop', 3).reading.readAs).toEqual([
      { written: 'booksdrop', readAs: 'books drop' },
    ]);
    expect(retriever.read('are audiobooks lent', 3).reading.readAs).toEqual([]);
    expect(retriever.read('are audiobokks lent', 3).reading.readAs).toEqual([
      { written: 'audiobokks', readAs: 'audiobooks' },
    ]);
  });

  it('keeps two words read as one when another word of the question is unknown', () => {
    const shelf = [passage('c#p0', 'Audiobooks are lent for 21 days.')];
    const retriever = tfidfRetriever(shelf);
    expect(retriever.read('an audio book about zorvath', 3).reading.readAs).toEqual([
      { written: 'audio book', readAs: 'audiobook' },
    ]);
  });

  it('reads a slip beside a hyphenated word the corpus lacks, or inside one, as the corpus word', () => {
    const texts = ['Interlibrary loans arrive in 10 days.', 'Return items in the book drop at any hour.'];
    const shelf = texts.map((text, i) => passage(`h#p${i}`, text));
    const retriever = tfidfRetriever(shelf);
    // "afterhours", the compound, is no corpus word, but its part "hours" is: it names nothing else.
    expect(retriever.read('can I return my interlibary loan after-hours', 3).reading.readAs).toEqual([
      { written: 'interlibary', readAs: 'interlibrary' },
    ]);
    // Nor does "inter", a part the corpus never writes alone, stop the compound being read as the slip.
    expect(retriever.read('are inter-libary loans slow', 3).reading.readAs).toEqual([
      { written: 'interlibary', readAs: 'interlibrary' },
    ]);
    // A word the corpus lacks that no hyphen joins still does.
    expect(retriever.read('can I return my interlibary loan at midnightish', 3).reading.readAs).toEqual([]);
  });

  it('finds how the corpus writes a term in any passage that holds it, not only the best', () => {
    const texts = ['Libraries, libraries: libraries.', 'The library opens at nine.'];
    const forms = texts.map((text, i) => passage(`g#p${i}`, text));
    const retriever = tfidfRetriever(forms);
    expect(retriever.read('when does the libary open', 3).reading.readAs).toEqual([
      { written: 'libary', readAs: 'library' },
    ]);
  });

  it('reads a word through the thesaurus only with a weight, and counts it less than a written one', () => {
    const thesaurus = { [tokenize('cinema')[0] as string]: [tokenize('movies')[0] as string] };
    const off = createRetriever({ ...base, thesaurus, expansionWeight: 0 }).read('cinema', 3);
    expect(off.scored).toEqual([]);
    expect(off.reading.expanded).toEqual([]);
    const on = createRetriever({ ...base, thesaurus, expansionWeight: 0.5 }).read('cinema', 3);
    expect(on.scored[0]?.passage.id).toBe('f#p2');
    expect(on.reading.expanded).toEqual([{ written: 'cinema', terms: ['movies'] }]);
    const written = createRetriever(base).read('movies', 3);
    expect(on.scored[0]?.score).toBeLessThan(written.scored[0]?.score ?? 0);
  });

  it('gives each passage the share of the question it covers, and with an evidence model scores by it', () => {
    const retriever = createRetriever(base);
    const { features } = retriever.read('renewal of library cards', 3);
    expect(features[0]?.coverage).toBeCloseTo(2 / 3);
    expect(features[0]?.weightedCoverage).toBeGreaterThan(0);
    const evidence = { bias: 0, weights: { cosine: 0, coverage: 1, weightedCoverage: 0 }, source: 'test' };
    const scored = createRetriever({ ...base, evidence }).retrieve('renewal of library cards', 1);
    expect(scored[0]?.score).toBeCloseTo(1 / (1 + Math.exp(-2 / 3)));
  });
});
