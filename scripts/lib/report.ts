// How results read in a terminal.
import { isOutage, OUTAGE_HEADING } from '../../src/ask/outage';
import { openingLine, passageTitle } from '../../src/ask/passage-words';
import { describeReading } from '../../src/ask/reading-words';
import { explainRefusal } from '../../src/ask/reasons';
import { describeBudgetCut } from '../../src/generation/budget';
import { formatScore } from '../../src/retrieval/score-format';
import type { AskResult, Scored } from '../../src/types';

const BAR_WIDTH = 30;

/** One line per passage: score, a bar with the threshold marked, the id. */
export function scoreLines(passages: readonly Scored[], threshold: number): string[] {
  if (passages.length === 0) return ['  (no passage shares a term with the question)'];
  const mark = Math.round(threshold * BAR_WIDTH);
  return passages.map(({ passage, score }) => {
    const filled = Math.round(score * BAR_WIDTH);
    const bar = Array.from({ length: BAR_WIDTH + 1 }, (_, i) =>
      i === mark ? '|' : i < filled ? '█' : '·',
    ).join('');
    const side = score >= threshold ? 'above' : 'below';
    return `  ${formatScore(score)} ${bar} ${side}  ${passage.id}`;
  });
}

export function describe(result: AskResult): string {
  const lines: string[] = describeReading(result.reading);
  if (lines.length > 0) lines.push('');
  if (result.status === 'answered') {
    const titles = new Map(result.passages.map(({ passage }) => [passage.id, passageTitle(passage)]));
    const cited = result.citations.map((id) => {
      const title = titles.get(id);
      return title === undefined ? id : `${id} (${title})`;
    });
    lines.push(result.answer, '', `citations: ${cited.join('; ')}`);
    lines.push(`generator: ${result.generator.name}`);
  } else {
    // An outage judged nothing about the documents: it is not called a refusal here either.
    const heading = isOutage(result) ? `not answered: ${OUTAGE_HEADING.toLowerCase()}:` : 'refused:';
    lines.push(
      `${heading} ${result.reason}${result.code === undefined ? '' : ` (${result.code})`}`,
      `  ${result.detail}`,
    );
    const { summary, nextStep, related } = explainRefusal(result);
    lines.push(`  ${summary}`);
    for (const passage of related) {
      lines.push(`    - ${passageTitle(passage)}: ${openingLine(passage.text)} (${passage.id})`);
    }
    lines.push(`  ${nextStep}`);
    if (result.generator !== undefined) lines.push(`generator: ${result.generator.name}`);
  }
  const cut = describeBudgetCut(result.budget);
  if (cut !== undefined) lines.push(cut);
  lines.push('', `retrieved passages (threshold ${formatScore(result.threshold)} marked |):`);
  lines.push(...scoreLines(result.passages, result.threshold));
  lines.push(`prompt: ${result.promptVersion}`);
  return lines.join('\n');
}
