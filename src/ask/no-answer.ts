import { ungroundedFigures } from '../text/figures';
import type { GeneratorInfo, Passage } from '../types';

/** What a refusal says when the generator gave no words of its own, or none that may be shown. */
export const PLAIN_NO_ANSWER = 'the generator reported that the passages do not answer the question';

/**
 * The detail of a refusal the generator asked for, from its own words. A model's words are shown only
 * when every figure they state is in a passage it was given, the check an answer passes, and marked as
 * its words: "…but I know DVDs can be borrowed for 99 days…" is an answer in a refusal's clothes, and
 * the one way a model's figure could reach a reader unchecked. The stand-in's words are this program's
 * own (the scores and threshold it measured), shown as they are.
 */
export function noAnswerDetail(options: {
  said: string;
  generator: GeneratorInfo;
  passages: readonly Passage[];
}): string {
  const { generator, passages } = options;
  const said = options.said.trim();
  if (said === '') return PLAIN_NO_ANSWER;
  if (generator.kind === 'extractive') return said;
  const texts = passages.map((passage) => passage.text);
  if (ungroundedFigures(said, texts).length > 0) {
    return `${PLAIN_NO_ANSWER} (its own words are left out: they state a figure no passage given holds)`;
  }
  return `in the model's own words: ${JSON.stringify(said)}`;
}
