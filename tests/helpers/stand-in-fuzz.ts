import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { expect } from 'vitest';
import { verify } from '../../src/ask/verify';
import { chunkCorpus } from '../../src/ingest/chunk';
import { createExtractiveClient } from '../../src/reader/extractive';
import { words } from '../../src/text/tokenize';
import type { Passage, Reply } from '../../src/types';
import { nfkcResized } from './nfkc-resized';

// The property "every quote the stand-in gives passes the verifier", shared by the small run in
// `npm test` and the large one in `npm run test:fuzz` (FUZZ_RUNS=100000).

/** The verifier as the engine runs it under the shipped prompt (answer.v3): quotes required, figures inside them. */
export function verifyStandIn(reply: Reply, context: Passage[]) {
  return verify({ reply, context, quotesRequired: true, figuresInQuotes: true });
}

const PROMPT = { version: 'answer.v3', text: 'test' };
const corpusPassages = chunkCorpus(
  ['01-membership.md', '02-borrowing.md', '03-fines-and-fees.md', '04-spaces.md'].map((name) => ({
    path: name,
    text: readFileSync(`corpus/${name}`, 'utf8'),
  })),
).passages;

// Pieces of Markdown that have broken quotes before: short list items, clock times, emphasis at word
// edges, inline code with underscores, tables, fences, block quotes, lead-ins.
const TOKENS = [
  'Sunday:',
  '12:00.',
  'Free',
  'parking.',
  'closed.',
  '**Adult**',
  '`__foo`',
  '__bar',
  '_x_',
  '0.50',
  'BOB',
  '7',
  'days',
  'hours',
  'The',
  'opening',
  'hours',
  'are:',
  'A',
  'card',
  'costs',
  '3.00',
  'BOB.',
  'per',
  'day',
  'Is',
  'it',
  'free?',
  'Yes!',
  'One',
  'new',
  'one.',
  '—',
  '“quoted”',
  'e.g.',
  '9:00',
  'to',
  '20:00.',
];
// A token, alone or with a character NFKC resizes on either side of it ("rules…", "½ BOB", "ﬁne"): each
// shifts an offset in the normalised text away from the same offset as written.
const token = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...TOKENS) },
  fc
    .tuple(fc.constantFrom(...nfkcResized()), fc.constantFrom(...TOKENS), fc.boolean())
    .map(([resized, word, before]) => (before ? `${resized}${word}` : `${word}${resized}`)),
  fc.constantFrom(...nfkcResized()),
);
const line = fc.oneof(
  fc.array(token, { minLength: 1, maxLength: 10 }).map((parts) => parts.join(' ')),
  fc.array(token, { minLength: 1, maxLength: 4 }).map((parts) => `- ${parts.join(' ')}`),
  fc.array(token, { minLength: 1, maxLength: 3 }).map((parts) => `| ${parts.join(' | ')} |`),
  fc.constantFrom('', '|---|---|', '```', '> Note: 5 days.', '<toc></toc>', '1. First step: 2 days.'),
);
const generated = fc
  .array(line, { minLength: 1, maxLength: 12 })
  .map(
    (lines): Passage => ({ id: 'gen#p', file: 'gen.md', line: 1, trail: ['Gen'], text: lines.join('\n') }),
  );
const context = fc.oneof(
  fc
    .array(fc.constantFrom(...corpusPassages), { minLength: 1, maxLength: 3 })
    .map((passages) => [...new Set(passages)]),
  generated.map((passage) => [passage]),
);
const QUESTION_WORDS = [
  'who',
  'how',
  'many',
  'much',
  'long',
  'when',
  'what',
  'time',
  'is',
  'can',
  'Thanks!',
  'dose',
  'in',
  'US',
  'dollars',
];

/** The property as a fast-check async property, for any number of runs. */
export function standInQuotesPassTheVerifier() {
  return fc.asyncProperty(
    context,
    fc.array(fc.nat(), { minLength: 1, maxLength: 7 }),
    fc.boolean(),
    async (passages, picks, lowerCase) => {
      const vocabulary = [...new Set(passages.flatMap((passage) => words(passage.text))), ...QUESTION_WORDS];
      const asked = picks.map((pick) => vocabulary[pick % vocabulary.length] as string).join(' ');
      const question = `${lowerCase ? asked.toLowerCase() : asked}?`;
      const client = createExtractiveClient();
      const outcome = await client.generate({ question, passages, prompt: PROMPT });
      if (!outcome.ok) throw new Error('the stand-in never fails');
      const { reply } = outcome;
      expect(reply.answered).toBe(reply.citations.length > 0);
      if (!reply.answered) return;
      expect(verifyStandIn(reply, passages)).toMatchObject({ ok: true });
      // Verbatim: the answer is its quotes, each the passage's own characters.
      const cited = passages.find((passage) => passage.id === reply.citations[0]?.id) as Passage;
      for (const citation of reply.citations) expect(cited.text).toContain(citation.quote);
      expect(reply.answer).toBe(reply.citations.map((citation) => citation.quote).join('\n'));
    },
  );
}
