import { describe, expect, it, vi } from 'vitest';
import { docKindOf } from '../../../src/ingest/doc-files';
import {
  corpusName,
  MAX_CORPUS_BYTES,
  MAX_FILE_BYTES,
  type PickedFile,
  pickDocuments,
} from '../../../src/ui/own-documents/corpus-files';
import { DOC_FILE_ACCEPT } from '../../../src/ui/own-documents/corpus-panel';

/** A File, as the page is given, with its folder path, size or reading replaced where a test says. */
const file = (
  name: string,
  text = '# T\n',
  extra: { webkitRelativePath?: string; size?: number; text?: () => Promise<string> } = {},
): PickedFile => {
  const picked = new File([text], name);
  for (const [key, value] of Object.entries(extra)) Object.defineProperty(picked, key, { value });
  return picked;
};

describe('pickDocuments', () => {
  it('drops only a folder every file shares: ids of a dropped folder do not carry its name', async () => {
    const inOne = pickDocuments([
      file('a.md', '# A\n', { webkitRelativePath: 'handbook/a.md' }),
      file('b.md', '# B\n', { webkitRelativePath: 'handbook/guides/b.md' }),
    ]);
    expect(inOne.ok && inOne.files.map((picked) => picked.path)).toEqual(['a.md', 'guides/b.md']);
    const apart = pickDocuments([
      file('a.md', '# A\n', { webkitRelativePath: 'one/a.md' }),
      file('b.md', '# B\n', { webkitRelativePath: 'two/b.md' }),
      file('c.md', '# C\n'),
    ]);
    expect(apart.ok && apart.files.map((picked) => picked.path)).toEqual(['c.md', 'one/a.md', 'two/b.md']);
  });

  it('reads the documents by their path inside the folder, sorted, and lists the rest as left out', async () => {
    const outcome = pickDocuments([
      file('b.md', '# B\n', { webkitRelativePath: 'notes/b.md' }),
      file('a.markdown', '# A\n', { webkitRelativePath: 'notes/a.markdown' }),
      file('c.mdx', '# C\n', { webkitRelativePath: 'notes/c.mdx' }),
      file('d.txt', 'D\n', { webkitRelativePath: 'notes/d.txt' }),
      file('cat.jpg', 'xx', { webkitRelativePath: 'notes/cat.jpg' }),
    ]);
    expect(outcome.ok && outcome.files.map((picked) => picked.path)).toEqual([
      'a.markdown',
      'b.md',
      'c.mdx',
      'd.txt',
    ]);
    expect(outcome.ok && (await outcome.files[1]?.file.text())).toBe('# B\n');
    expect(outcome).toMatchObject({
      leftOut: [
        {
          path: 'notes/cat.jpg',
          reason: 'not a documentation file (.md, .mdx, .markdown or .txt)',
          fix: 'convert it to Markdown or plain text to include it',
        },
      ],
    });
  });

  it('refuses an empty drop, and a drop with no document in it', async () => {
    expect(pickDocuments([])).toMatchObject({ ok: false, problems: [/No files arrived/] });
    expect(pickDocuments([file('cat.jpg')])).toMatchObject({
      ok: false,
      problems: [/None of these files is a document/],
      leftOut: [{ path: 'cat.jpg' }],
    });
  });

  it('leaves out a file over the size limit, naming its size, and reads the rest', async () => {
    const outcome = pickDocuments([file('big.md', '', { size: MAX_FILE_BYTES + 1 }), file('ok.md')]);
    expect(outcome.ok && outcome.files.map((picked) => picked.path)).toEqual(['ok.md']);
    expect(outcome).toMatchObject({
      leftOut: [
        {
          path: 'big.md',
          reason: 'is 2.0 MB; the limit is 2.0 MB a file',
          fix: 'split it into smaller files',
        },
      ],
    });
  });

  it('refuses a corpus over the total, naming the sizes', async () => {
    const many = Array.from({ length: 26 }, (_, i) => file(`f${i}.md`, '', { size: MAX_FILE_BYTES }));
    const total = pickDocuments(many);
    expect(total).toMatchObject({ ok: false, problems: [/come to 52\.0 MB; the limit is 50\.0 MB in all/] });
    expect(MAX_CORPUS_BYTES).toBe(50 * 1024 * 1024);
  });

  it('reads no file: their text is read by the ingest, a file at a time', () => {
    const read = vi.fn(async () => '# A\n');
    const outcome = pickDocuments([file('a.md', '# A\n', { text: read })]);
    expect(outcome.ok && outcome.files.map((picked) => picked.path)).toEqual(['a.md']);
    expect(read).not.toHaveBeenCalled();
  });
});

describe("the file picker's filter", () => {
  it('offers exactly the extensions the ingest reads', () => {
    const extensions = DOC_FILE_ACCEPT.split(',').filter((entry) => entry.startsWith('.'));
    for (const extension of extensions) expect(docKindOf(`a${extension}`)).toBeDefined();
    for (const extension of ['.md', '.MDX', '.markdown', '.txt']) {
      expect(extensions).toContain(extension.toLowerCase());
    }
    expect(docKindOf('a.html')).toBeUndefined();
  });
});

describe('corpusName', () => {
  it('names documents that came in one folder after it, and any others "your documents"', () => {
    expect(corpusName(['docs/a.md', 'docs/guide/b.md'])).toBe('the folder docs');
    expect(corpusName(['docs/a.md', 'notes/b.md'])).toBe('your documents');
    expect(corpusName(['a.md'])).toBe('your documents');
  });
});
