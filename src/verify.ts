import type { Reply } from './types';

export type Verdict =
  | { ok: true; citations: string[] }
  | {
      ok: false;
      reason: 'missing_citation' | 'fabricated_citation' | 'unparseable_response';
      detail: string;
    };

/**
 * What a reply that claims an answer must prove before anyone sees it: it has an answer, it cites, and
 * every passage it cites was in this request's context. An id that exists elsewhere in the corpus is as
 * fabricated as one that exists nowhere: the model was not shown it, so it cannot have read it.
 */
export function verify(options: {
  reply: Reply;
  contextIds: ReadonlySet<string>;
  corpusIds?: ReadonlySet<string>;
}): Verdict {
  const { reply, contextIds, corpusIds } = options;
  if (reply.answer.trim() === '') {
    return {
      ok: false,
      reason: 'unparseable_response',
      detail: 'the reply claims an answer but the answer is empty',
    };
  }
  const citations = [...new Set(reply.citations.map((id) => id.trim()))];
  if (citations.length === 0 || citations.every((id) => id === '')) {
    return {
      ok: false,
      reason: 'missing_citation',
      detail: 'the reply claims an answer but cites no passage',
    };
  }
  const outside = citations.filter((id) => !contextIds.has(id));
  if (outside.length > 0) {
    const described = outside.map((id) =>
      corpusIds?.has(id) ? `${JSON.stringify(id)} (in the corpus, not in this context)` : JSON.stringify(id),
    );
    return {
      ok: false,
      reason: 'fabricated_citation',
      detail: `cites ${described.join(', ')}; the context held ${[...contextIds].join(', ')}`,
    };
  }
  return { ok: true, citations };
}
