import type { VerificationRule } from '../generation/reply-version';
import { extractFiguresInside, type Figure, figuresNotHeld } from '../text/figures';
import { checkQuote } from '../text/quotes';
import { unreadableCount } from '../text/unreadable-counts';
import type { Citation, FailedCheck, Passage, QuotedSpan, Reply } from '../types';

const HAS_WORDS = /[\p{L}\p{N}]/u;

export type Verdict =
  | { ok: true; citations: string[]; quotes: QuotedSpan[] }
  | {
      ok: false;
      reason:
        | 'missing_citation'
        | 'fabricated_citation'
        | 'unsupported_quote'
        | 'ungrounded_figure'
        | 'unparseable_response';
      detail: string;
      failed?: FailedCheck;
    };

/**
 * What a reply that claims an answer must prove before anyone sees it, in this order: it has an answer;
 * it cites; every passage it cites was in this request's context (an id from elsewhere in the corpus is
 * as fabricated as one from nowhere: the model was not shown it); every quote is a span of the passage
 * it cites, and with `quotesRequired` (prompt v2 on) every citation has one; every figure in the answer is
 * in a cited passage, and with `figuresInQuotes` (prompt v3 on) inside one of the quotes: "You can borrow
 * a DVD for 14 days" quoting the DVD row of a loan table is refused though the magazine row says 14 days.
 * Each check is deterministic; none takes the model's word for anything.
 */
export function verify(
  options: {
    reply: Reply;
    context: readonly Passage[];
    corpusIds?: Pick<ReadonlySet<string>, 'has'>;
  } & VerificationRule,
): Verdict {
  const { reply, context, corpusIds, quotesRequired, figuresInQuotes } = options;
  // "…", "—" or a zero-width space is as empty as "": an answer says something in letters or digits.
  if (!HAS_WORDS.test(reply.answer)) {
    return {
      ok: false,
      reason: 'unparseable_response',
      detail: 'the reply claims an answer but the answer is empty',
    };
  }
  const citations = mergeCitations(reply.citations);
  if (citations.length === 0) {
    return {
      ok: false,
      reason: 'missing_citation',
      detail: 'the reply claims an answer but cites no passage',
    };
  }

  const byId = new Map(context.map((passage) => [passage.id, passage]));
  const outside = citations.filter(({ id }) => !byId.has(id));
  if (outside.length > 0) {
    const described = outside.map(({ id }) =>
      corpusIds?.has(id) ? `${JSON.stringify(id)} (in the corpus, not in this context)` : JSON.stringify(id),
    );
    return {
      ok: false,
      reason: 'fabricated_citation',
      detail: `cites ${described.join(', ')}; the context held ${[...byId.keys()].join(', ')}`,
    };
  }

  const quotes: QuotedSpan[] = [];
  for (const { id, quote } of citations) {
    const passage = byId.get(id) as Passage;
    if (quote === undefined) {
      if (!quotesRequired) continue;
      return {
        ok: false,
        reason: 'unsupported_quote',
        detail: `the citation of ${id} has no quote`,
        failed: { kind: 'quote', id, quote: '', checkedAgainst: [id] },
      };
    }
    const check = checkQuote(quote, passage.text);
    if (!check.found) {
      const elsewhere = context.filter((other) => other.id !== id && checkQuote(quote, other.text).found);
      const where =
        check.why === 'too_short'
          ? 'is too short to show anything'
          : elsewhere.length > 0
            ? `is not in ${id} (it is in ${elsewhere.map((other) => other.id).join(', ')})`
            : `is not in ${id}, nor in any passage given`;
      return {
        ok: false,
        reason: 'unsupported_quote',
        detail: `the quote ${JSON.stringify(quote)} cited as ${id} ${where}`,
        failed: { kind: 'quote', id, quote, checkedAgainst: [id] },
      };
    }
    quotes.push({ id, quote, span: check.span });
  }

  const cited = [...new Set(citations.map(({ id }) => byId.get(id) as Passage))];
  const [ungrounded] = figuresNotHeld(reply.answer, heldFigures({ cited, quotes, figuresInQuotes }));
  if (ungrounded !== undefined) {
    const ids = cited.map((passage) => passage.id);
    const where = figuresInQuotes
      ? `none of the quotes of the cited passages (${ids.join(', ')}) holds`
      : `none of the cited passages (${ids.join(', ')}) holds`;
    return {
      ok: false,
      reason: 'ungrounded_figure',
      detail: `the answer states ${JSON.stringify(ungrounded.text)}, which ${where}`,
      failed: { kind: 'figure', figure: ungrounded.text, checkedAgainst: ids },
    };
  }
  const unreadable = unreadableCount(reply.answer);
  if (unreadable !== undefined) {
    return {
      ok: false,
      reason: 'ungrounded_figure',
      detail: `the answer counts ${JSON.stringify(unreadable)} in words the verifier cannot read as a number (it reads digits of any script, English number words and Chinese numerals), so its figure cannot be checked`,
      failed: { kind: 'figure', figure: unreadable, checkedAgainst: cited.map((passage) => passage.id) },
    };
  }
  return { ok: true, citations: [...new Set(citations.map(({ id }) => id))], quotes };
}

/**
 * The figures an answer may state: those of the cited passages, or (prompt v3 on) only those standing
 * inside a quote, each read in its passage so that what it counts is what the passage says it counts.
 */
function heldFigures(options: {
  cited: readonly Passage[];
  quotes: readonly QuotedSpan[];
  figuresInQuotes: boolean;
}): Figure[] {
  const { cited, quotes, figuresInQuotes } = options;
  return cited.flatMap((passage) => {
    const spans = figuresInQuotes
      ? quotes.filter(({ id }) => id === passage.id).map(({ span }) => span)
      : [[0, passage.text.length] as const];
    return extractFiguresInside({ text: passage.text, spans });
  });
}

/**
 * Ids trimmed, blank ones dropped, each id once; two quotes for one passage are kept as two citations
 * of it, since each must hold.
 */
function mergeCitations(citations: readonly Citation[]): Citation[] {
  const seen = new Set<string>();
  const merged: Citation[] = [];
  for (const citation of citations) {
    const id = citation.id.trim();
    if (id === '') continue;
    const key = `${id}\u0000${citation.quote ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    merged.push({ id, ...(citation.quote === undefined ? {} : { quote: citation.quote }) });
  }
  return merged;
}
