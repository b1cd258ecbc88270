// What a hard rule is: a veto. A unit that breaks one never answers, whatever the reader model's
// confidence, and the first one broken (in RULES' order, index.ts) is the reason the stand-in gives.
import type { Figure } from '../../text/figures';
import type { NamedVersion } from '../../text/versions';
import type { Passage } from '../../types';
import type { Question } from '../question/question';
import type { Unit } from '../units';

/** What the rules read of the passages given, each computed once per question. */
export interface PassagesRead {
  /** The terms a passage's section writes, headings included. */
  written(passage: Passage): ReadonlySet<string>;
  /** The terms of a passage's headings, and of its section, each in the order written. */
  writtenInOrder(passage: Passage): readonly (readonly string[])[];
  /** Whether any passage states a year. */
  statesYears: boolean;
  /** The versions the question names, of names the passages write with versions. */
  askedVersions: readonly NamedVersion[];
}

/** One unit as the rules read it. */
export interface UnitRead {
  unit: Unit;
  /** The unit's own text: its sentence, list item or row. */
  core: string;
  /** Its lead-in or header ('' when none). */
  about: string;
  /** What it states: `about`, then `core`. */
  stated: string;
  /** The figures it states. */
  figures: readonly Figure[];
}

export interface Rule<Name extends string = string> {
  name: Name;
  /** Whether the rule has anything to say of this question at all. */
  applies(question: Question): boolean;
  /** Why `unit` cannot answer, in plain words after "it" ("states no amount in USD"); undefined when it keeps the rule. */
  breaks(unit: UnitRead, question: Question, passages: PassagesRead): string | undefined;
}
