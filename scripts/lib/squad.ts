// What the SQuAD 2.0 scripts share: the file's schema, read at the edge, and its articles as a corpus
// of one passage per paragraph, so that "the right paragraph" of a question is one passage id.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { z } from 'zod';
import { slugify } from '../../src/ingest/slug';
import { describeIssues } from '../../src/issues';
import { UsageError } from './cli';

/**
 * Public benchmark data is never committed here: the scripts read it from a path. The team's machines
 * carry the two articles the README's figures were measured on beside the repository; anyone else passes
 * the official development file, recognised by its SHA-256, and the same two articles are taken from it.
 */
export const SHARED_SQUAD_FILE = '../shared/benchmarks/squad2/dev-v2.0-normans-rhine.json';
export const OFFICIAL_DEV_FILE = {
  name: 'dev-v2.0.json',
  url: 'https://rajpurkar.github.io/SQuAD-explorer/dataset/dev-v2.0.json',
  sha256: '80a5225e94905956a6446d296ca1093975c4d3b3260f1d6c8f68bc2ab77182d8',
};
/** The articles of the README's figures, as titled in the official file. */
export const FIGURE_ARTICLES = ['Normans', 'Rhine'];
export const SQUAD_CREDIT =
  'SQuAD 2.0 (Rajpurkar, Jia and Liang, "Know What You Don\'t Know: Unanswerable Questions for SQuAD", ' +
  'ACL 2018), licensed CC BY-SA 4.0';
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

/** Where to get the data, for a machine that has none of it. */
export const WHERE_TO_GET_SQUAD =
  `no SQuAD 2.0 file: ${SHARED_SQUAD_FILE} is not on this machine. Download the official development file ` +
  `${OFFICIAL_DEV_FILE.name} from ${OFFICIAL_DEV_FILE.url} (SHA-256 ${OFFICIAL_DEV_FILE.sha256}) and pass it ` +
  `with --file PATH; its ${FIGURE_ARTICLES.join(' and ')} articles are the ones the README's figures use.`;

/** The file to read: the one asked for, else the shared copy, else a usage error saying where to get one. */
export function squadFileFrom(
  file: string | undefined,
  exists: (path: string) => boolean = existsSync,
): string {
  if (file !== undefined) return file;
  if (exists(SHARED_SQUAD_FILE)) return SHARED_SQUAD_FILE;
  throw new UsageError(WHERE_TO_GET_SQUAD);
}

export interface SquadData {
  squad: Squad;
  /** What the figures were measured on, for the report's credit line. */
  description: string;
}

/**
 * The SQuAD file at `path`, parsed. A file named like the official development file must be it, byte for
 * byte (a truncated download or another version would give figures that look like the README's and are
 * not); the official file is cut to the README's articles. Any other SQuAD 2.0 file is read whole.
 */
export function readSquad(path: string): SquadData {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw new UsageError(
      `cannot read SQuAD file ${path}: ${(error as NodeJS.ErrnoException).code ?? 'unknown error'}`,
    );
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const official = sha256 === OFFICIAL_DEV_FILE.sha256;
  if (basename(path) === OFFICIAL_DEV_FILE.name && !official) {
    throw new UsageError(
      `${path} is not the official ${OFFICIAL_DEV_FILE.name}: its SHA-256 is ${sha256}, expected ${OFFICIAL_DEV_FILE.sha256}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new UsageError(`SQuAD file ${path} is not JSON: ${(error as Error).message}`);
  }
  const parsed = SquadSchema.safeParse(json);
  if (!parsed.success)
    throw new UsageError(`${path} is not a SQuAD 2.0 file: ${describeIssues(parsed.error)}`);
  const squad = parsed.data;
  if (!official) {
    return { squad, description: `${squad.data.length} articles of ${basename(path)}, unchanged` };
  }
  const data = squad.data.filter((article) => FIGURE_ARTICLES.includes(article.title));
  return {
    squad: { ...squad, data },
    description: `the ${FIGURE_ARTICLES.join(' and ')} articles of the official ${OFFICIAL_DEV_FILE.name}`,
  };
}
