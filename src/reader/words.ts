// The closed word lists the stand-in's reader reads, one per concept, each saying where it comes from.
// Grammar: closed classes of English (determiners, auxiliaries, prepositions, question words, subordinating
// conjunctions, negators), whole for what each list is for. Hand-picked: the words questions put things
// with (naming, filler, parts of the day), which `npm run measure:rules` turns off in turn to measure
// (docs/reader-rules.md). Only this file of src/reader/ holds a literal word list as a Set or a list
// (tests/architecture.test.ts; a few patterns elsewhere still spell short alternations inside a regular
// expression, such as kinds.ts's "free"); days, months, currencies and the text model's lists are
// src/text/'s.

// Grammar: determiners and quantifiers. A run of content words after one of these names a thing: "the
// head librarian", "a Visitor card", "each year", "how many study rooms". "that" is left out: it opens
// clauses more often than it points.
export const PHRASE_OPENERS: ReadonlySet<string> = new Set(
  'a an the each every this these those my your his her its our their any some no another many much'.split(
    ' ',
  ),
);

// Grammar: the forms of "do" and the modal verbs. After "does" or "can", the thing named is the subject
// and the run ends in what it does: "does the library open" names the library, "can a member renew" a
// member.
export const DO_AND_MODALS: ReadonlySet<string> = new Set(
  'do does did can could will would may might must should shall'.split(' '),
);

// Grammar: the forms of "be" a question opens with. A subject named without a determiner follows an
// auxiliary ("do kids pay"), a question's opening "is" or "are" ("are dogs allowed") and "is there" ("is
// there parking").
export const BE: ReadonlySet<string> = new Set(['is', 'are', 'was', 'were']);

// Grammar: the auxiliary verbs that open a yes/no question ("Is there…", "Can I…"): "be", "do", the
// modals and "have". After "what" they open another question than a version's: "What does version 10
// change?" asks for no version.
export const AUXILIARIES: readonly string[] = [...BE, 'am', ...DO_AND_MODALS, 'has', 'have', 'had'];

// Grammar: question words and the adverbs after "how". After these and "is", the subject comes next: "how
// much is photocopying", "when is borrowing suspended".
export const ASKS_OF_SUBJECT: ReadonlySet<string> = new Set([
  'much',
  'long',
  'often',
  'when',
  'where',
  'why',
  'how',
]);

// Grammar, with one hand-picked verb: words that end a phrase without being part of it. "get" says
// nothing of its own ("does a hold get cancelled" is "is a hold cancelled"), and the prepositions the
// stopword list leaves in ("the boundary behind…", "the streams along…").
export const PHRASE_BREAKERS: ReadonlySet<string> = new Set(
  `get gets got getting along behind beside besides beyond near outside inside across around among toward
  towards via onto prior like unlike despite except throughout`.split(/\s+/u),
);

/**
 * Hand-picked: words that ask for a name say what kind of answer is wanted, as "time" does in "what
 * time": "What is the name of the castle?" and "What is the castle called?" are about the castle. Neither
 * in a phrase nor among the words a unit must share.
 */
export const NAMING_WORDS: ReadonlySet<string> = new Set(
  'name names named call called calls term terms known kind kinds type types sort'.split(' '),
);

/**
 * Hand-picked: words that say how a question is put, not what it is about: "can I *still* borrow", "is
 * there *anything*", "what *happens* if", "will I be *able* to", "a few months *ago*", "the book I
 * *want*". A sentence that answers rarely repeats them. Neither in a phrase nor among the words a unit
 * must share.
 */
export const FILLER_WORDS: ReadonlySet<string> = new Set(
  `still ever really actually even already anyway able anything something everything nothing anyone
  anybody someone somebody everyone everybody happen happens happened happening ago want wants wanted
  think thought stuff anymore`.split(/\s+/u),
);

// Grammar: "a new one", "the blue ones": a pronoun standing for a thing already named, not a thing to find.
export const PRONOUN_ONE: ReadonlySet<string> = new Set(['one', 'ones']);

// Grammar: the forms of "have", "do", "be" and "get", verbs that end a subject's run themselves, so the
// run holds no verb: "does the pool manager have".
export const RUN_ENDING_VERBS: ReadonlySet<string> = new Set(
  'have has had having do does did be is are was were been being am get gets got getting'.split(' '),
);

/**
 * Hand-picked, some from the tests' fixtures (lifeguard, coach, swimmer): people named by what they are,
 * not by name: the answer to "Who decides an appeal?" can be "the duty librarian". A closed list on
 * purpose: a word that is not here and not capitalised does not say who. Matched as words, plural or
 * not, never stemmed: "owner" must not match "owns", nor "swimmer" "swim".
 */
export const ROLE_NOUNS: readonly string[] =
  `librarian manager director officer staff committee member parent guardian lifeguard coach
  instructor teacher supervisor attendant assistant clerk owner chair president secretary treasurer team board
  council volunteer employee worker administrator receptionist leader chief ruler king queen founder author
  person people anyone anybody everyone everybody nobody adult child children resident visitor customer user
  student swimmer`.split(/\s+/u);

// Grammar: the negators, as the text model spells a negation out ("aren't", "cannot", chat's "cant" →
// "are"/"can", "not").
export const NEGATIONS: ReadonlySet<string> = new Set([
  'not',
  'never',
  'no',
  'none',
  'nobody',
  'nothing',
  'neither',
  'nor',
]);

// Hand-picked: the parts of the day a time question names ("on a monday morning"), held by a text that
// states a clock time.
export const PARTS_OF_DAY: ReadonlySet<string> = new Set(
  'morning mornings afternoon afternoons evening evenings night nights tonight lunchtime'.split(' '),
);

// Grammar: the question words.
export const QUESTION_WORDS: ReadonlySet<string> = new Set([
  'what',
  'which',
  'who',
  'whom',
  'whose',
  'when',
  'where',
  'why',
  'how',
]);

// Grammar: the prepositions a question's first clause may open with ("in which year…", "since when…").
export const LEAD_PREPOSITIONS: ReadonlySet<string> = new Set([
  'in',
  'on',
  'at',
  'for',
  'from',
  'to',
  'by',
  'with',
  'of',
  'after',
  'before',
  'since',
  'during',
  'until',
  'under',
]);

// Grammar: subordinating conjunctions and relative pronouns, which open a clause of their own.
export const CLAUSE_OPENERS: ReadonlySet<string> = new Set(
  'if when whenever after before until till unless because although though while whereas once that who whom which where whose'.split(
    ' ',
  ),
);

// ── What holds each kind of answer (kinds.ts) ─────────────────────────────────────────────────────────

// Grammar: the subordinating conjunctions and prepositions of time. A clause they open answers "when" as
// well as a date does: "Borrowing is suspended when charges reach…".
export const TIME_CLAUSE_WORDS: readonly string[] = [
  ...'when whenever after before until till once while during since'.split(' '),
  'as soon as',
];

// Hand-picked: the words of time that are no date ("today", "at night", "on weekends", "daily").
export const TIME_WORDS: readonly string[] =
  `today tomorrow yesterday morning afternoon evening night noon midnight weekend weekends weekday weekdays
  holiday holidays daily weekly monthly yearly annually`.split(/\s+/u);

// Grammar: the adverbs of frequency that give a rate without a figure ("daily", "twice", "every").
export const FREQUENCY_WORDS: readonly string[] =
  'hourly daily weekly monthly yearly annually once twice every'.split(' ');

// Hand-picked: how a number is said of people's age: "aged 16", "under 16", "65 and over", "16 years old".
export const AGE_WORDS: readonly string[] = [
  ...'age ages aged under over older younger below above'.split(' '),
  'year old',
  'years old',
];

// Grammar: the number words past twenty, and the multipliers, which figures.ts does not read as a count.
export const LARGE_NUMBER_WORDS: readonly string[] =
  `thirty forty fifty sixty seventy eighty ninety hundred hundreds thousand thousands million millions
  billion billions dozen dozens`.split(/\s+/u);

// Grammar: the multipliers an amount may put between its number and its currency ("5 million pounds").
export const AMOUNT_MULTIPLIERS: readonly string[] = 'million billion thousand'.split(' ');

// Hand-picked: currencies by the name an amount is written with ("12 dollars"), which figures.ts reads as
// a bare number; the ISO 4217 codes and signs are src/text/currencies.ts's.
export const CURRENCY_WORDS: readonly string[] =
  `dollar dollars euro euros pound pounds pence cent cents yen franc francs mark marks peso pesos rupee
  rupees crown crowns boliviano bolivianos`.split(/\s+/u);

// Grammar: the prepositions of place ("at the front desk", "next to the entrance").
export const PLACE_PREPOSITIONS: readonly string[] = [
  ...`at in on inside outside beside behind near opposite above below under beneath between along across
  around into`.split(/\s+/u),
  'next to',
  'in front of',
];

// Grammar: the determiners a place is named with after its preposition ("at the", "in their").
export const PLACE_DETERMINERS: readonly string[] = 'the a an its their our your each every'.split(' ');

// Hand-picked: the nouns and adverbs that name a place without a preposition ("upstairs", "the lobby
// reception").
export const PLACE_WORDS: readonly string[] =
  `floor floors room rooms desk desks hall halls entrance entrances building buildings gallery galleries
  street streets road roads upstairs downstairs nearby corner corners wing wings level levels
  reception`.split(/\s+/u);

// Hand-picked: how a sentence says who belongs to a group ("is made up of", "chaired by", "sits on",
// "members of"). Not "member" alone: "A member can have up to 10 holds" says nothing of who is on the
// committee.
export const MEMBERSHIP_PHRASES: readonly string[] = [
  'made up of',
  'consist of',
  'consists of',
  'comprise',
  'comprises',
  'chaired by',
  'chair',
  'chairs',
  'sit on',
  'sits on',
  'serve on',
  'serves on',
  'members of',
  'membership of',
];
