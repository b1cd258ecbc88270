import { contradictingFigure, type Figure } from '../../text/figures';
import { otherVersion, versionsIn } from '../../text/versions';
import type { Rule } from './rule';

/**
 * The figures a question that is no yes/no question takes as given ("Who shot the film on 45 mm
 * stock?", "What happened on 12 April?"): a unit stating the same measure with another value answers
 * another question. So is a version the question names ("in preact v11", "upgrade guide preact 7",
 * "Article 102"), of a name the passages write with versions: a unit stating only other versions of it is
 * about those.
 */
export const otherFigureRule: Rule<'other figure'> = {
  name: 'other figure',
  applies: (question) => question.takesPremises,
  breaks({ stated, figures }, question, passages) {
    const { askedVersions } = passages;
    return (
      contradictionOf(question.premises, figures, stated) ??
      (askedVersions.length === 0 ? undefined : otherVersion(askedVersions, versionsIn(stated)))
    );
  },
};

// A figure stated as a bound ("up to 20 items", "under 18", "within 30 days", "from … to 17:00") is a
// limit, which a figure asked within it does not contradict. The pattern reads the bound's last words
// before the figure, so "to" also reads "up to", and "more than" "no more than".
const BOUND_BEFORE =
  /(?<![\p{L}])(?:under|over|within|after|before|until|by|from|to|between|and|more\s+than|less\s+than|fewer\s+than|at\s+least|at\s+most|maximum(?:\s+of)?|minimum(?:\s+of)?)\s*$/iu;

/** How a unit states one of the question's premises otherwise, in plain words; undefined when it does not. */
function contradictionOf(
  premises: readonly Figure[],
  stated: readonly Figure[],
  text: string,
): string | undefined {
  const unbounded = stated.filter((figure) => {
    const at = text.indexOf(figure.text);
    return at < 0 || !BOUND_BEFORE.test(text.slice(Math.max(0, at - 24), at));
  });
  for (const premise of premises) {
    const other = contradictingFigure(premise, unbounded);
    // The value stated anywhere, even as a bound, may be the one asked about.
    if (other !== undefined && !stated.some((figure) => figure.value === premise.value)) {
      return `says ${other.text}, not ${premise.text}`;
    }
  }
  return undefined;
}
