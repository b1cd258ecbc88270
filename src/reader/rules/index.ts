// The stand-in's hard rules, in the order they are read: a unit that breaks one never answers, whatever
// its confidence, and the first one broken is the reason given. One file a rule; DESIGN.md's table
// describes each (a test holds its names equal to these); `npm run measure:rules` turns each off in turn
// and counts what changes.
import { constraintRule } from './constraint';
import { kindRule } from './kind';
import { nameRule } from './name';
import { nameRunRule } from './name-run';
import { negationRule } from './negation';
import { oppositeRule } from './opposite';
import { otherFigureRule } from './other-figure';
import { yearRule } from './year';

export const RULES = [
  nameRule,
  nameRunRule,
  constraintRule,
  oppositeRule,
  yearRule,
  otherFigureRule,
  negationRule,
  kindRule,
] as const;

export type HardRule = (typeof RULES)[number]['name'];

/** The rules' names, in order. */
export const HARD_RULES: readonly HardRule[] = RULES.map((rule) => rule.name);

export type { PassagesRead, Rule, UnitRead } from './rule';
