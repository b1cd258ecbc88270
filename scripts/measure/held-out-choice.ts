// How far a choice among a few settings of the context (its size, a reorder's weight) carries to questions
// it was not made on: made on every development question (in sample), on four fifths and counted on the
// fifth (5 folds by question), and on the other sets with each set left out; and a set asked at one
// setting. Shared by npm run measure:context and npm run measure:rerank.
import { ask, type Engine } from '../../src/ask/engine';
import { createExtractiveClient } from '../../src/reader/extractive';
import { addRecord, emptyCounts, recordOf, type SuiteCounts, type SuiteItem } from '../lib/suite';

/** One answerable development question: whether its labelled passage was in the context, at each setting. */
export interface Reach {
  set: string;
  fold: number;
  inContext: boolean[];
}

export const FOLDS = 5;

/** `questions` with a set's answerable questions added, each in context or not at each setting (`bySetting`). */
export function addReaches(
  questions: Reach[],
  set: string,
  bySetting: ReadonlyArray<readonly boolean[]>,
): void {
  const answerable = bySetting[0]?.length ?? 0;
  for (let at = 0; at < answerable; at++) {
    questions.push({
      set,
      fold: questions.length % FOLDS,
      inContext: bySetting.map((setting) => setting[at] as boolean),
    });
  }
}

/** How many of `questions` are in context at the setting of index `at`. */
export const reachedAt = (questions: readonly Reach[], at: number) =>
  questions.filter((question) => question.inContext[at]).length;

/** Each question of `held` counted at the setting (an index) `choose` makes on `fitted`. */
function heldOut(
  choose: (questions: readonly Reach[]) => number,
  groups: ReadonlyArray<{ fitted: readonly Reach[]; held: readonly Reach[] }>,
) {
  let reached = 0;
  const chosen: number[] = [];
  for (const { fitted, held } of groups) {
    const at = choose(fitted);
    chosen.push(at);
    reached += reachedAt(held, at);
  }
  return { reached, chosen };
}

/** `choose` (which gives a setting's index) in sample, over FOLDS folds by question, and with each of `sets` left out. */
export function choicesOf(options: {
  questions: readonly Reach[];
  sets: readonly string[];
  choose: (questions: readonly Reach[]) => number;
}) {
  const { questions, sets, choose } = options;
  return {
    inSample: choose(questions),
    folds: heldOut(
      choose,
      Array.from({ length: FOLDS }, (_, fold) => ({
        fitted: questions.filter((question) => question.fold !== fold),
        held: questions.filter((question) => question.fold === fold),
      })),
    ),
    leftOut: sets.map((name) => ({
      name,
      answerable: questions.filter((question) => question.set === name).length,
      ...heldOut(choose, [
        {
          fitted: questions.filter((question) => question.set !== name),
          held: questions.filter((question) => question.set === name),
        },
      ]),
    })),
  };
}

/**
 * `items` asked of `engine` with no key (the extractive stand-in): the set's counts, and whether each
 * answerable question's labelled passage was in the context.
 */
export async function askedOf(engine: Engine, items: readonly SuiteItem[]) {
  const client = createExtractiveClient();
  const counts = emptyCounts();
  const inContext: boolean[] = [];
  for (const item of items) {
    const record = recordOf(item, await ask({ engine, client, question: item.question }));
    addRecord({ counts, record, contextSize: engine.contextSize });
    if (item.answerable) inContext.push(record.inContext);
  }
  return { counts, inContext };
}

/** A table cell: labelled passages in context · the stand-in right / wrong / false answers. */
export const cell = (counts: SuiteCounts) =>
  `${counts.inContext} of ${counts.answerable} · ${counts.correct} / ${counts.wrong} / ${counts.falseAnswers}`;
