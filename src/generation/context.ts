import type { GenerationRequest, Passage } from '../types';

/**
 * A closing tag inside text would let a passage (or the question) end its block early and write
 * what follows as if it were ours, e.g. a passage that says `</passage><question>…`.
 */
const CLOSING_TAG = /<\/(passage|question)/gi;

/** `</passage>` → `<\/passage>`: the model still reads it, but it closes nothing. */
function neutralize(text: string): string {
  return text.replace(CLOSING_TAG, '<\\/$1');
}

/** A quote in a heading would end the attribute early; `&quot;` reads the same to the model. */
function attribute(value: string): string {
  return value.replaceAll('"', '&quot;');
}

function formatPassage(passage: Passage): string {
  const trail = passage.trail.join(' > ');
  return [
    `<passage id="${attribute(passage.id)}" trail="${attribute(trail)}">`,
    neutralize(passage.text),
    '</passage>',
  ].join('\n');
}

/**
 * The user message: every passage the reply may cite, each with the id it must be cited by, then
 * the question. The system prompt explains the tags.
 *
 *     <passage id="02-borrowing#holds" trail="Borrowing > Holds">
 *     A hold keeps a book for you for 3 days.
 *     </passage>
 *
 *     <question>How long is a hold kept?</question>
 */
export function formatContext(request: Pick<GenerationRequest, 'question' | 'passages'>): string {
  const blocks = request.passages.map(formatPassage);
  blocks.push(`<question>${neutralize(request.question)}</question>`);
  return blocks.join('\n\n');
}
