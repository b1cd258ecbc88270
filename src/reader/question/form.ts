// The question's form: what kind of answer it asks for. One home, read by the stand-in (which units can
// answer) and its answerability check (what a unit must hold), so that "when" means the same to both.

import { AUXILIARIES } from '../words';

/** The kind of answer a question's form asks for. */
export type AnswerKind =
  | 'person'
  | 'member'
  | 'amount'
  | 'count'
  | 'age'
  | 'duration'
  | 'measure'
  | 'time'
  | 'place'
  | 'version'
  | 'yes_no'
  | 'thing';

// A question word counts only at the start, or after one preposition: "After how many days…", "In what
// year…". A "who" later on opens a relative clause ("the card for members who are over 65"), not a
// question; a "when" later on opens a clause of time ("what happens when my card expires?").
const LEAD = String.raw`^\s*(?:(?:in|on|at|after|before|by|for|from|to|with|since|during|until|till|of|about|within|under|as\s+of)\s+)?`;
const opening = (form: string) => new RegExp(`${LEAD}(?:${form})(?![\\p{L}])`, 'iu');

const AUXILIARY = `(?:${AUXILIARIES.join('|')})`;

const VERSION_QUALIFIER = '(?:minimum|earliest|first|oldest|latest|newest|current)';

const QUESTION_FORMS: ReadonlyArray<{ form: RegExp; kind: AnswerKind }> = [
  { form: opening(String.raw`how\s+much`), kind: 'amount' },
  // "What's the fee for…", "What is the cost of…": a price, as "how much" asks. Only the price word right
  // after "the": "What is the overdue charge?" names the charge it asks about, and stays a thing.
  {
    form: opening(
      String.raw`what(?:'s|’s|\s+is|\s+are|\s+was|\s+would\s+be)?\s+the\s+(?:price|cost|fee|charge)s?(?=\s+(?:of|for|to|per)(?![\p{L}])|\s*[?.!]?\s*$)`,
    ),
    kind: 'amount',
  },
  // "How many times…" asks how often, as "how often" does: "times" is no thing the answer must name.
  { form: opening(String.raw`how\s+many(?:\s+times)?`), kind: 'count' },
  { form: opening(String.raw`how\s+old|(?:at\s+)?what\s+age`), kind: 'age' },
  // "How far ahead…", "How far in advance…" ask how long before: a duration, not a distance.
  {
    form: opening(
      String.raw`how\s+(?:long|often|soon|frequently)|how\s+far(?=\s+(?:ahead|in\s+advance)(?![\p{L}]))(?:\s+ahead)?`,
    ),
    kind: 'duration',
  },
  { form: opening(String.raw`how\s+(?:far|big|large|tall|high|deep|wide|heavy|fast)`), kind: 'measure' },
  {
    form: opening(
      String.raw`when|how\s+(?:late|early)|(?:what|which)\s+(?:time|day|date|year|month|century|decade|hour|season)s?`,
    ),
    kind: 'time',
  },
  { form: opening('where'), kind: 'place' },
  // "Which Node.js version…", "Since which release…", "What minimum version of X…", "What is the latest
  // version?": documentation states a version as a number ("10.2.0", "v2", "Node 18"). One word may name
  // what the version is of; what follows is "of", a verb or the end, never a noun the word qualifies
  // ("Which release notes…", "What release channels…").
  {
    form: opening(
      String.raw`(?:what|which)\s+(?:is\s+the\s+)?(?:${VERSION_QUALIFIER}\s+)?(?:(?!${AUXILIARY}\s)(?<of>[\p{L}\p{N}@./-]+)\s+)?(?:version|release)s?(?=\s+(?:of|${AUXILIARY})(?![\p{L}])|\s*[?,.;:!]|\s*$)`,
    ),
    kind: 'version',
  },
  // "Who is on the committee?", "Who sits on the board?": not anyone a sentence names beside the committee,
  // but who belongs to it. "Who is on duty?" asks for a person.
  {
    form: opening(
      String.raw`who(?:'s|’s|\s+is|\s+are|'re|’re)?\s+(?:sits?\s+|serves?\s+)?(?:on(?!\s+(?:duty|call|shift|leave|holiday|time))|part\s+of|a\s+member\s+of|the\s+members\s+of|members\s+of)`,
    ),
    kind: 'member',
  },
  { form: opening('who|whom|whose'), kind: 'person' },
];

/**
 * What answers a version question, as documentation writes a version: dotted ("10.2.0", "4.0"), a major
 * line ("5.x"), after a "v" ("v2"), or after a name ("Node 18", "iOS 5", "Preact 10"). A bare number
 * ("| 1 |") is none.
 */
export const VERSION_NUMBER =
  /\d+\.(?:\d+|x(?![\p{L}\p{N}]))|(?<![\p{L}\p{N}])v\d+|(?<![\p{L}])(?:\p{Lu}|i\p{Lu})[\p{L}\p{N}.-]*\s\d+(?![\p{L}])/u;

// "Is there a charge for…", "Does it cost anything to…", "Do children have to pay for…", "Is the wifi
// free?": yes or no in form, an amount in substance: a price, or "free", answers them. Only where the cost
// is what is asked about: "Can I appeal a charge?", "Can I pay by card?", "Do children have to pay overdue
// charges?" and "Is the room free at 3?" stay yes/no.
const COST_QUESTION = new RegExp(
  [
    String.raw`^\s*(?:is|are)\s+there\s+(?:a|an|any)\s+(?:[\p{L}-]+\s+)?(charges?|fees?|costs?|prices?)(?![\p{L}])`,
    String.raw`^\s*(?:does|do|did|will|would)\s+(?:[^\s,;:!?.]+\s+){1,4}?(costs?)(?![\p{L}])`,
    String.raw`^\s*(?:is|are)\s+(?:[^\s,;:!?.]+\s+){1,4}?(free)(?:\s+(?:of\s+charge|to|for)(?![\p{L}])|\s*[?.!]?\s*$)`,
    String.raw`^\s*${AUXILIARY}\s+(?:[^\s,;:!?.]+\s+){1,4}?((?:have|has|need|needs)\s+to\s+pay)(?:\s+(?:for|to)(?![\p{L}])|\s*[?.!]?\s*$)`,
  ].join('|'),
  'iu',
);

// "Is there…", "Can I…", "Does the pool…": answered by a sentence about the same thing.
const YES_NO_OPENING = new RegExp(`^\\s*${AUXILIARY}(?![\\p{L}])`, 'iu');

// A "when" that opens a condition, not a question: no auxiliary after it ("When I log in, …", not "When
// does…"; "r" is the chat spelling of "are").
const CONDITION = new RegExp(`^\\s*when(?:ever)?\\s+(?!(?:${AUXILIARY}|r)(?![\\p{L}]))`, 'iu');

// A clause that asks what or which thing, a form of no particular kind: "What does the TEU not do?".
const ASKS_WHAT = opening('what|which|why');

// Greetings and fillers before the question proper: "hi, im 15, how old…", "Hello, what do I need…".
// Each clause of a question is tried in turn, so "hi, how much is…" is a how-much question. A dash ends a
// clause as a comma does ("I moved house - how long…", "my card—how much…"); a hyphen or an en dash
// inside a word or a range does not ("grown-up", "9:00–17:00", "5 - 10 items").
const CLAUSE_BREAK =
  /[,;:!?.]\s+(?:(?:and|but|so)\s+)?|(?<!\p{N})\s+[-–]\s+|\s+[-–]\s+(?!\p{N})|\s*—\s*|\s+(?:and|but|so)\s+/iu;

// The nouns a query of keywords asks with, where no clause has a question's form.
const KEYWORD_FORMS: ReadonlyArray<{ noun: RegExp; kind: AnswerKind }> = [
  { noun: /(?<![\p{L}])(?:length|duration)(?![\p{L}])/iu, kind: 'duration' },
  { noun: /(?<![\p{L}])(?:price|cost|fee)s?(?![\p{L}])/iu, kind: 'amount' },
];

/** A question's form: the kind of answer, and the words that say so ("how long", "what time"). */
export interface QuestionForm {
  kind: AnswerKind;
  /** The form's own words, lower case: they say what kind of answer, not what it is about. */
  words: string[];
}

const FORM_WORD = /\p{L}+/gu;

function formOfClause(clause: string): QuestionForm | undefined {
  const cost = COST_QUESTION.exec(clause);
  if (cost !== null) {
    // The cost word says what kind of answer, as "how much" does; the other words say of what.
    const said = cost.slice(1).find((group) => group !== undefined) as string;
    return { kind: 'amount', words: said.toLowerCase().match(FORM_WORD) as string[] };
  }
  if (YES_NO_OPENING.test(clause)) return { kind: 'yes_no', words: [] };
  for (const { form, kind } of QUESTION_FORMS) {
    const match = form.exec(clause);
    if (match === null) continue;
    // What a version is of ("Node.js" in "Which Node.js version…") is what the question is about.
    const of = new Set(match.groups?.of?.toLowerCase().match(FORM_WORD));
    const words = (match[0].toLowerCase().match(FORM_WORD) ?? []).filter((word) => !of.has(word));
    return { kind, words };
  }
  return undefined;
}

/**
 * The form of the first clause that has one: "hi, im 15, can i…" → yes_no; "How many…?" → count with
 * the words ['how', 'many']; a question with none → thing.
 */
export function questionForm(question: string): QuestionForm {
  return readForm(question).form;
}

/**
 * The words that say how each clause asks, not what about: "how many times" of "Can I renew a magazine?
 * How many times?" as well as the words of `form`, the question's form as read. A second question's form
 * is no thing named.
 */
export function formWordsOf(question: string, form: QuestionForm): Set<string> {
  return new Set([
    ...form.words,
    ...question.split(CLAUSE_BREAK).flatMap((clause) => formOfClause(clause)?.words ?? []),
  ]);
}

/** The clause a question's form was read from ("what does it not do" of "Hi, what does it not do?"). */
export function formClause(question: string): string | undefined {
  return readForm(question).clause;
}

function readForm(question: string): { form: QuestionForm; clause?: string } {
  let condition: { form: QuestionForm; clause: string } | undefined;
  let asking: string | undefined;
  for (const clause of question.split(CLAUSE_BREAK)) {
    const form = formOfClause(clause);
    if (form === undefined) {
      asking ??= ASKS_WHAT.test(clause) ? clause : undefined;
      continue;
    }
    // "When I call simulate(), are real DOM events dispatched?": a "when" with a subject after it, not an
    // auxiliary, states when the rest is asked; the question is the clause after it, if that has a form.
    if (form.kind === 'time' && CONDITION.test(clause)) {
      condition ??= { form, clause };
      continue;
    }
    return { form, clause };
  }
  // "When I join, what do I need to bring?": a clause asking what, with no form of its own, is the
  // question; a condition is read as asking when only if no clause asks anything else.
  if (asking !== undefined) return { form: { kind: 'thing', words: [] }, clause: asking };
  if (condition !== undefined) return condition;
  // A query typed as keywords asks with a noun: "dvd loan length", "adult card price".
  for (const { noun, kind } of KEYWORD_FORMS) {
    const said = noun.exec(question)?.[0];
    if (said !== undefined) return { form: { kind, words: [said.toLowerCase()] }, clause: question };
  }
  return { form: { kind: 'thing', words: [] } };
}

/** The kind of answer the question's form asks for: "Who is…?" → person, "How many…?" → count. */
export const answerKind = (question: string): AnswerKind => questionForm(question).kind;

/** Kinds whose form asks for no particular answer: the unit must be about nearly all of the question. */
export const OPEN_KINDS: ReadonlySet<AnswerKind> = new Set(['yes_no', 'thing']);
