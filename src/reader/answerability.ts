import { tokenize } from '../text/tokenize';
import { assertNever } from '../types';
import { describeMissingKind, holdsKind } from './kinds';
import { type AnswerKind, OPEN_KINDS } from './question/form';
import type { Phrase, QuestionShape } from './question/shape';

// Whether one sentence (or table row) of a passage can answer a question, decided without a model.
// The stand-in quotes; it does not understand. This check keeps it from quoting a sentence that only
// looks like an answer ("Who is the head librarian?" → "speak to the duty librarian at the front desk").
//
// A unit can answer when
//   1. it is about what the question asks about: every word of each thing the question names ("the
//      head librarian", "a Visitor card", "how many study rooms", a capitalised name, the verb of
//      "who cleans…") is in the unit, read with its passage's headings and first sentence (which say
//      what the passage is about);
//   2. it shares all of the question's content words but one, read the same way (yes/no and
//      what/which questions, whose form asks for no particular kind of answer);
//   3. it holds the kind of answer the question's form asks for (who → a name or a role; how much →
//      an amount; how many → a count; how long / often / old / soon → a number or a frequency; how
//      far / deep / big… → a number; when → a date, day, time or clause of time; where → a place):
//      kinds.ts says what holds each kind.

export { type AnswerKind, answerKind } from './question/form';

/** Why a unit cannot answer, or that it can. */
export type UnitVerdict =
  | { ok: true }
  | { ok: false; lacks: 'phrase'; phrase: Phrase; absent: string[] }
  | { ok: false; lacks: 'terms'; absent: string[] }
  | { ok: false; lacks: 'kind'; kind: AnswerKind };

export interface UnitCheck {
  question: QuestionShape;
  /** The unit's text as the reader sees it: a sentence, or a table row with its header. */
  unit: string;
  /** What the unit is read with: its passage's headings and first sentence. */
  context?: string;
}

export function checkUnit({ question, unit, context = '' }: UnitCheck): UnitVerdict {
  const readWith = new Set([...tokenize(unit), ...tokenize(context)]);
  for (const phrase of question.phrases) {
    const absent = phrase.words.filter((_, at) => !readWith.has(phrase.terms[at] as string));
    if (absent.length > 0) return { ok: false, lacks: 'phrase', phrase, absent };
  }
  if (OPEN_KINDS.has(question.kind)) {
    const absent = question.terms.filter((term) => !readWith.has(term));
    if (absent.length > 1) {
      return { ok: false, lacks: 'terms', absent: absent.map((term) => question.wordOf.get(term) ?? term) };
    }
  }
  if (!holdsKind(question.kind, unit, new Set(question.terms))) {
    return { ok: false, lacks: 'kind', kind: question.kind };
  }
  return { ok: true };
}

/** Plain words for a failed verdict: `does not mention "head" (of "head librarian")`. */
export function describeVerdict(verdict: Exclude<UnitVerdict, { ok: true }>): string {
  const listed = (absent: string[]) => absent.map((word) => JSON.stringify(word)).join(', ');
  switch (verdict.lacks) {
    case 'phrase':
      return verdict.phrase.words.length === verdict.absent.length
        ? `does not mention ${JSON.stringify(verdict.phrase.text)}`
        : `does not mention ${listed(verdict.absent)} (of ${JSON.stringify(verdict.phrase.text)})`;
    case 'terms':
      return `does not mention ${listed(verdict.absent)}`;
    case 'kind':
      return describeMissingKind(verdict.kind);
    default:
      return assertNever(verdict);
  }
}
