// The question's form: what kind of answer it asks for. One home, read by the stand-in (which units can
// answer) and its answerability check (what a unit must hold), so that "when" means the same to both.

/** The kind of answer a question's form asks for. */
export type AnswerKind =
  | 'person'
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

// The verbs that open a yes/no question ("Is there…", "Can I…"); after "what" they open another question
// than a version's: "What does version 10 change?" asks for no version.
const AUXILIARY =
  '(?:is|are|was|were|am|can|could|does|do|did|will|would|may|might|must|should|shall|has|have|had)';

const QUESTION_FORMS: ReadonlyArray<{ form: RegExp; kind: AnswerKind }> = [
  { form: opening(String.raw`how\s+much`), kind: 'amount' },
  { form: opening(String.raw`how\s+many`), kind: 'count' },
  { form: opening(String.raw`how\s+old|(?:at\s+)?what\s+age`), kind: 'age' },
  { form: opening(String.raw`how\s+(?:long|often|soon|frequently)`), kind: 'duration' },
  { form: opening(String.raw`how\s+(?:far|big|large|tall|high|deep|wide|heavy|fast)`), kind: 'measure' },
  {
    form: opening(
      String.raw`when|how\s+(?:late|early)|(?:what|which)\s+(?:time|day|date|year|month|century|decade|hour|season)s?`,
    ),
    kind: 'time',
  },
  { form: opening('where'), kind: 'place' },
  // "Which Node.js version…", "Since which release…", "What minimum version of X…": documentation states
  // a version as a number ("10.2.0", "v2", "Node 18"). One word may name what the version is of.
  {
    form: opening(
      String.raw`(?:what|which)\s+(?:(?:minimum|earliest|first|oldest|latest|newest)\s+)?(?:(?!${AUXILIARY}\s)[\p{L}\p{N}@./-]+\s+)?(?:version|release)s?`,
    ),
    kind: 'version',
  },
  { form: opening('who|whom|whose'), kind: 'person' },
];

/** What answers a version question: documentation writes a version with digits ("10.2.0", "Node 18"). */
export const VERSION_NUMBER = /\d/u;

// "Is there a charge for…", "Does it cost anything to…", "Do children have to pay…", "Is the wifi free?":
// yes or no in form, an amount in substance: a price, or "free", answers them. "Can I pay by card?" asks
// how, not how much, so "pay" counts only as something one has or needs to do.
const COST_QUESTION = new RegExp(
  `^\\s*${AUXILIARY}\\s+(?:[^\\s,;:!?.]+\\s+){0,4}?(charges?|fees?|costs?|prices?|charged|free|(?:have|has|need|needs)\\s+to\\s+pay)(?![\\p{L}])`,
  'iu',
);

// "Is there…", "Can I…", "Does the pool…": answered by a sentence about the same thing.
const YES_NO_OPENING = new RegExp(`^\\s*${AUXILIARY}(?![\\p{L}])`, 'iu');

// Greetings and fillers before the question proper: "hi, im 15, how old…", "Hello, what do I need…".
// Each clause of a question is tried in turn, so "hi, how much is…" is a how-much question.
const CLAUSE_BREAK = /[,;:!?.]\s+|\s+(?:and|but|so)\s+/iu;

/** A question's form: the kind of answer, and the words that say so ("how long", "what time"). */
export interface QuestionForm {
  kind: AnswerKind;
  /** The form's own words, lower case: they say what kind of answer, not what it is about. */
  words: string[];
}

const FORM_WORD = /\p{L}+/gu;

function formOfClause(clause: string): QuestionForm | undefined {
  const cost = COST_QUESTION.exec(clause);
  // The cost word says what kind of answer, as "how much" does; the words before it say of what.
  if (cost !== null)
    return { kind: 'amount', words: ((cost[1] as string).toLowerCase().match(FORM_WORD) ?? []) as string[] };
  if (YES_NO_OPENING.test(clause)) return { kind: 'yes_no', words: [] };
  for (const { form, kind } of QUESTION_FORMS) {
    const match = form.exec(clause);
    if (match !== null) return { kind, words: (match[0].toLowerCase().match(FORM_WORD) ?? []) as string[] };
  }
  return undefined;
}

/**
 * The form of the first clause that has one: "hi, im 15, can i…" → yes_no; "How many…?" → count with
 * the words ['how', 'many']; a question with none → thing.
 */
export function questionForm(question: string): QuestionForm {
  for (const clause of question.split(CLAUSE_BREAK)) {
    const form = formOfClause(clause);
    if (form !== undefined) return form;
  }
  return { kind: 'thing', words: [] };
}

/** The kind of answer the question's form asks for: "Who is…?" → person, "How many…?" → count. */
export const answerKind = (question: string): AnswerKind => questionForm(question).kind;

/** Kinds whose form asks for no particular answer: the unit must be about nearly all of the question. */
export const OPEN_KINDS: ReadonlySet<AnswerKind> = new Set(['yes_no', 'thing']);
