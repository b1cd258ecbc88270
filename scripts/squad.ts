// What the SQuAD 2.0 scripts share: the file's schema, read at the edge, and its articles as a corpus
// of one passage per paragraph, so that "the right paragraph" of a question is one passage id.
import { z } from 'zod';
import { slugify } from '../src/ingest/slug';
import { describeIssues } from '../src/issues';
import { readJson, UsageError } from './cli';

export const DEFAULT_SQUAD_FILE = 'eval/external/squad2/dev-v2.0-normans-rhine.json';
export const SQUAD_CREDIT =
  'SQuAD 2.0 (Rajpurkar, Jia and Liang, "Know What You Don\'t Know: Unanswerable Questions for SQuAD", ' +
  'ACL 2018), licensed CC BY-SA 4.0; two articles of the dev set, unchanged, in eval/external/squad2/';
// Large enough that no paragraph is cut: one passage per paragraph, so "the right paragraph" is one id.
export const WHOLE_PARAGRAPHS = 1_000_000;

const SquadSchema = z.object({
  version: z.string(),
  data: z.array(
    z.object({
      title: z.string().min(1),
      paragraphs: z.array(
        z.object({
          context: z.string().min(1),
          qas: z.array(
            z.object({
              id: z.string(),
              question: z.string(),
              is_impossible: z.boolean(),
              answers: z.array(z.object({ text: z.string(), answer_start: z.number() })),
            }),
          ),
        }),
      ),
    }),
  ),
});
type Squad = z.infer<typeof SquadSchema>;

export interface SquadItem {
  article: string;
  question: string;
  answerable: boolean;
  /** The passage id of the question's own paragraph. */
  passage: string;
  answers: string[];
}

/** Each article as a Markdown file: `# Title`, then `## Paragraph N` over each paragraph. */
export function squadCorpus(squad: Squad): {
  files: Array<{ path: string; text: string }>;
  items: SquadItem[];
} {
  const files = [];
  const items: SquadItem[] = [];
  for (const article of squad.data) {
    const stem = slugify(article.title);
    const title = article.title.replaceAll('_', ' ');
    const sections = article.paragraphs.map((paragraph, at) => {
      const heading = `Paragraph ${at + 1}`;
      const passage = `${stem}#${slugify(heading)}`;
      for (const qa of paragraph.qas) {
        items.push({
          article: title,
          question: qa.question,
          answerable: !qa.is_impossible,
          passage,
          answers: qa.answers.map((answer) => answer.text),
        });
      }
      return `## ${heading}\n\n${paragraph.context.trim()}\n`;
    });
    files.push({ path: `${stem}.md`, text: `# ${title}\n\n${sections.join('\n')}` });
  }
  return { files, items };
}

/** The SQuAD file at `path`, parsed; a file that is not SQuAD 2.0 is a usage error naming the problem. */
export function readSquad(path: string): Squad {
  const parsed = SquadSchema.safeParse(readJson(path, 'SQuAD file'));
  if (!parsed.success)
    throw new UsageError(`${path} is not a SQuAD 2.0 file: ${describeIssues(parsed.error)}`);
  return parsed.data;
}
