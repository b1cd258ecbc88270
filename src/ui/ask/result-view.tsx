import { isOutage, OUTAGE_HEADING } from '../../ask/outage';
import { openingLine, passageTitle } from '../../ask/passage-words';
import { describeReading } from '../../ask/reading-words';
import { type Explanation, explainRefusal } from '../../ask/reasons';
import { describeBudgetCut } from '../../generation/budget';
import { formatScore } from '../../retrieval/score-format';
import type { AskResult, FailedCheck, Passage } from '../../types';
import { InlineMarkdown } from './inline-markdown';
import { blocksOf, PassageText, type Span } from './passage-text';
import { PassageLink, PassageScores, Passages } from './passages';

interface ResultViewProps {
  result: AskResult;
  openId: string | undefined;
  onOpenPassage: (id: string) => void;
  /** Saves the result as a trace file that `npm run ask -- --trace FILE` replays; absent, no button. */
  onSaveTrace?: (() => void) | undefined;
  /** Asks the same question of the stand-in, when no model could answer; absent, not offered. */
  onStandIn?: (() => void) | undefined;
  /** Opens Settings at the key, when the key was refused. */
  onOpenSettings?: (() => void) | undefined;
}

/**
 * An answer with its sources, or a refusal in two plain sentences (what happened, what to do); under
 * either, the passages found. The technical detail (reason code, scores against the threshold, which
 * passages the generator was given, the prompt version) is one click away under "Details". Every string
 * from the model or the corpus is rendered as text, never as HTML.
 */
export function ResultView({
  result,
  openId,
  onOpenPassage,
  onSaveTrace,
  onStandIn,
  onOpenSettings,
}: ResultViewProps) {
  const contextIds = new Set(result.context.map((scored) => scored.passage.id));
  const citedIds = new Set(result.status === 'answered' ? result.citations : []);
  const highlights = new Map<string, Span[]>();
  if (result.status === 'answered') {
    for (const { id, span } of result.quotes) highlights.set(id, [...(highlights.get(id) ?? []), span]);
  }
  // An invalid question never reached retrieval; every other result did.
  const retrieved = !(result.status === 'refused' && result.reason === 'invalid_question');
  const outage = result.status === 'refused' && isOutage(result);
  return (
    <section class={`result ${result.status}${outage ? ' outage' : ''}`} aria-labelledby="result-heading">
      {result.status === 'answered' ? (
        <Answer result={result} onOpenPassage={onOpenPassage} />
      ) : (
        <Refusal
          result={result}
          explanation={explainRefusal(result)}
          onOpenPassage={onOpenPassage}
          onStandIn={onStandIn}
          onOpenSettings={onOpenSettings}
        />
      )}
      <BudgetNote result={result} />
      {retrieved ? (
        <>
          <h3>Passages found</h3>
          <Passages passages={result.passages} citedIds={citedIds} highlights={highlights} openId={openId} />
        </>
      ) : null}
      <details class="result-details">
        <summary>Details</summary>
        {result.status === 'refused' ? (
          <p class="refusal-detail">
            <code>{result.reason}</code>
            {result.code === undefined ? null : <code> ({result.code})</code>}: {result.detail}
          </p>
        ) : null}
        {retrieved ? (
          <>
            <p class="threshold-note">
              The passages are in the order retrieval ranked them. A score, from 0 to 1, is the gate's
              evidence that a passage answers the question, so a lower one can come first. The line on each
              bar is the threshold, {formatScore(result.threshold)}: when no passage reaches it, no answer is
              tried.
            </p>
            <PassageScores passages={result.passages} contextIds={contextIds} threshold={result.threshold} />
          </>
        ) : null}
        <ReadingDetail result={result} />
        <p class="asked">{askedLine(result)}</p>
        <p class="matched-by">{matchedBy(result)}</p>
        <p class="prompt-version">Prompt version: {result.promptVersion}</p>
        {onSaveTrace === undefined ? null : (
          <button type="button" class="save-trace" onClick={onSaveTrace}>
            Save as a trace
          </button>
        )}
      </details>
    </section>
  );
}

/**
 * How the question was read, when not as typed: the answer or refusal below is about the question so
 * read. A word read as another is said only when that changed what was found; Details says it anyway.
 */
function ReadingNote({ result }: { result: AskResult }) {
  const { reading } = result;
  const shown =
    reading === undefined || result.correctionChanged !== false ? reading : { ...reading, readAs: [] };
  const lines = describeReading(shown);
  return lines.length === 0 ? null : <p class="reading">{lines.join(' ')}</p>;
}

/** Under Details: every way the question was read, a correction that changed nothing included. */
function ReadingDetail({ result }: { result: AskResult }) {
  const lines = describeReading(result.reading);
  if (lines.length === 0) return null;
  const unchanged =
    result.correctionChanged === false ? ' (reading it as typed finds the same passages)' : '';
  return (
    <p class="reading-detail">
      How the question was read{unchanged}: {lines.join(' ')}
    </p>
  );
}

/** Which channels read the question: what a replay of its trace needs to reach the same verdict. */
function matchedBy(result: AskResult): string {
  if (result.semantic === undefined) return 'Matched by: the question’s own words.';
  return (
    `Matched by: the question’s words and related words (word vectors ${result.semantic.table.slice(0, 12)}…, ` +
    `model ${result.semantic.model}).`
  );
}

/** Said under the answer or refusal, not in Details: what the generator read was not all of the context. */
function BudgetNote({ result }: { result: AskResult }) {
  const cut = describeBudgetCut(result.budget);
  return cut === undefined ? null : <p class="budget-note">{cut}</p>;
}

function askedLine(result: AskResult): string {
  if (result.generator === undefined) return 'No model was asked: the gate stopped the question.';
  return `Asked: ${result.generator.name}.`;
}

function Answer({
  result,
  onOpenPassage,
}: {
  result: Extract<AskResult, { status: 'answered' }>;
  onOpenPassage: (id: string) => void;
}) {
  return (
    <>
      <h2 id="result-heading">Answer</h2>
      <ReadingNote result={result} />
      {blocksOf(result.answer).some((block) => block.kind === 'table') ? (
        // A table row quoted with its header (the stand-in's answer to "how long…" from a table) reads
        // as the table it is, drawn from text like a passage's; any other answer stays one block of text.
        <div class="answer-text">
          <PassageText markdown={result.answer} />
        </div>
      ) : (
        <p class="answer-text">
          <InlineMarkdown
            text={result.answer}
            passageIds={new Set(result.context.map(({ passage }) => passage.id))}
            onOpenPassage={onOpenPassage}
          />
        </p>
      )}
      <p class="citations">
        Sources:{' '}
        <PassageLinks ids={result.citations} titleOf={titlesOf(result)} onOpenPassage={onOpenPassage} />
      </p>
      {result.generator.kind === 'extractive' ? (
        <p class="generator stand-in-note">
          This is the sentence of the documents that best matches your question, picked by the stand-in: no
          language model wrote it. Check it against its source.
        </p>
      ) : (
        <p class="generator">
          Written by <strong>Claude ({result.generator.name})</strong> from the sources above.
        </p>
      )}
    </>
  );
}

/** Names a passage of a result by its id: its title when the result holds it, else the id itself. */
type TitleOf = (id: string) => string;

function titlesOf(result: AskResult): TitleOf {
  const titles = new Map(
    [...result.passages, ...result.context].map(({ passage }) => [passage.id, passageTitle(passage)]),
  );
  return (id) => titles.get(id) ?? id;
}

/** Links to passages, separated by commas: the sources of an answer, or where a check looked. */
function PassageLinks({
  ids,
  titleOf,
  onOpenPassage,
}: {
  ids: readonly string[];
  titleOf: TitleOf;
  onOpenPassage: (id: string) => void;
}) {
  return (
    <>
      {ids.map((id, position) => (
        <span key={id}>
          {position > 0 ? '; ' : null}
          <PassageLink id={id} onOpenPassage={onOpenPassage}>
            {titleOf(id)}
          </PassageLink>
        </span>
      ))}
    </>
  );
}

/** The quote or figure a grounding check could not find, and the passages it was looked for in. */
function FailedCheckView({
  failed,
  titleOf,
  onOpenPassage,
}: {
  failed: FailedCheck;
  titleOf: TitleOf;
  onOpenPassage: (id: string) => void;
}) {
  const where = <PassageLinks ids={failed.checkedAgainst} titleOf={titleOf} onOpenPassage={onOpenPassage} />;
  return failed.kind === 'quote' ? (
    <div class="failed-check">
      <p>The quote given as support:</p>
      <blockquote class="failed-quote">{failed.quote === '' ? '(none)' : failed.quote}</blockquote>
      <p>was checked against {where}, and is not in it.</p>
    </div>
  ) : (
    <div class="failed-check">
      <p>
        The figure <strong class="failed-figure">{failed.figure}</strong> was looked for in {where}, and none
        of them holds it.
      </p>
    </div>
  );
}

const NO_PASSAGES: ReadonlySet<string> = new Set();

/** The sections a refusal found about the question, by title and first line, each opening its passage. */
function RelatedSections({
  passages,
  onOpenPassage,
}: {
  passages: readonly Passage[];
  onOpenPassage: (id: string) => void;
}) {
  return (
    <ul class="related-sections">
      {passages.map((passage) => (
        <li key={passage.id}>
          <PassageLink id={passage.id} onOpenPassage={onOpenPassage}>
            {passageTitle(passage)}
          </PassageLink>
          <span class="related-opening">
            <InlineMarkdown
              text={openingLine(passage.text)}
              passageIds={NO_PASSAGES}
              onOpenPassage={onOpenPassage}
            />
          </span>
        </li>
      ))}
    </ul>
  );
}

function Refusal({
  result,
  explanation,
  onOpenPassage,
  onStandIn,
  onOpenSettings,
}: {
  result: Extract<AskResult, { status: 'refused' }>;
  explanation: Explanation;
  onOpenPassage: (id: string) => void;
  onStandIn: (() => void) | undefined;
  onOpenSettings: (() => void) | undefined;
}) {
  const offerStandIn = explanation.standInInstead && onStandIn !== undefined;
  const offerSettings = explanation.fixKey && onOpenSettings !== undefined;
  return (
    <>
      <h2 id="result-heading">{refusalHeading(result)}</h2>
      <ReadingNote result={result} />
      <p class="refusal-summary">{explanation.summary}</p>
      {explanation.related.length === 0 ? null : (
        <RelatedSections passages={explanation.related} onOpenPassage={onOpenPassage} />
      )}
      <p class="refusal-next">{explanation.nextStep}</p>
      {offerStandIn || offerSettings ? (
        <div class="refusal-actions">
          {offerStandIn ? (
            <button type="button" onClick={onStandIn}>
              Answer with the stand-in instead
            </button>
          ) : null}
          {offerSettings ? (
            <button type="button" onClick={onOpenSettings}>
              Fix the key in Settings
            </button>
          ) : null}
        </div>
      ) : null}
      {result.failed === undefined ? null : (
        <FailedCheckView failed={result.failed} titleOf={titlesOf(result)} onOpenPassage={onOpenPassage} />
      )}
    </>
  );
}

/** The heading of a question whose passages' text could not be had: the documents were never read. */
export const TEXT_UNAVAILABLE_HEADING = 'The text could not be fetched';
export const POSTINGS_UNAVAILABLE_HEADING = 'Part of the index could not be fetched';

/** "Refused" is a judgement on the documents; a cancel or an outage judged nothing, and says so. */
export function refusalHeading(refusal: Extract<AskResult, { status: 'refused' }>): string {
  const partMissing =
    refusal.reason === 'passage_text_unavailable' || refusal.reason === 'postings_unavailable';
  const decidedNothing = refusal.reason === 'model_unavailable' || partMissing;
  if (decidedNothing && refusal.code === 'aborted') return 'Cancelled';
  if (partMissing) {
    return refusal.reason === 'postings_unavailable'
      ? POSTINGS_UNAVAILABLE_HEADING
      : TEXT_UNAVAILABLE_HEADING;
  }
  return isOutage(refusal) ? OUTAGE_HEADING : 'Refused';
}
