// A passage's Markdown shown as text with its structure: tables as tables, everything else as
// paragraphs, and the quotes an answer gave marked where they stand. Elements are built from text nodes
// only; nothing is ever parsed as HTML.
import type { ComponentChildren } from 'preact';
import { TABLE_LINE, TABLE_SEPARATOR, tableCells } from '../../text/markdown-table';

/** [start, end) offsets into the passage's text. */
export type Span = [number, number];

type Block =
  | { kind: 'text'; text: string; start: number }
  | { kind: 'table'; header: string[]; rows: Array<{ cells: string[]; start: number; end: number }> };

const NON_BLANK = /\S/u;

/** Consecutive table lines make a table (first line the header); runs of other lines are paragraphs. */
export function blocksOf(markdown: string): Block[] {
  const blocks: Block[] = [];
  let textStart = -1;
  let textEnd = -1;
  let table: Array<{ cells: string[]; start: number; end: number }> = [];
  const flushText = () => {
    if (textStart >= 0)
      blocks.push({ kind: 'text', text: markdown.slice(textStart, textEnd), start: textStart });
    textStart = -1;
  };
  const flushTable = () => {
    const [header, ...rows] = table;
    if (header !== undefined) blocks.push({ kind: 'table', header: header.cells, rows });
    table = [];
  };
  let offset = 0;
  for (const line of markdown.split('\n')) {
    const end = offset + line.length;
    if (TABLE_LINE.test(line)) {
      flushText();
      if (!TABLE_SEPARATOR.test(line)) table.push({ cells: tableCells(line), start: offset, end });
    } else {
      flushTable();
      if (NON_BLANK.test(line)) {
        if (textStart < 0) textStart = offset + line.search(NON_BLANK);
        textEnd = end;
      } else {
        flushText();
      }
    }
    offset = end + 1;
  }
  flushText();
  flushTable();
  return blocks;
}

const overlaps = (spans: readonly Span[], start: number, end: number) =>
  spans.some(([from, to]) => from < end && to > start);

/** The text of one paragraph with the parts inside `spans` in <mark>. */
function marked(text: string, start: number, spans: readonly Span[]): ComponentChildren {
  const cuts = new Set([0, text.length]);
  for (const [from, to] of spans) {
    if (from - start > 0 && from - start < text.length) cuts.add(from - start);
    if (to - start > 0 && to - start < text.length) cuts.add(to - start);
  }
  const points = [...cuts].sort((a, b) => a - b);
  return points.slice(0, -1).map((from, index) => {
    const to = points[index + 1] as number;
    const piece = text.slice(from, to);
    return overlaps(spans, start + from, start + to) ? <mark key={from}>{piece}</mark> : piece;
  });
}

// Blocks, rows and cells have no identity but their position, which never changes for one passage: the
// keys below are indexes.
export function PassageText({
  markdown,
  highlights = [],
}: {
  markdown: string;
  highlights?: readonly Span[];
}) {
  return (
    <div class="passage-text">
      {blocksOf(markdown).map((block, position) =>
        block.kind === 'text' ? (
          <p key={position}>{marked(block.text, block.start, highlights)}</p>
        ) : (
          <div key={position} class="table-scroll">
            <table>
              <thead>
                <tr>
                  {block.header.map((cell, column) => (
                    <th key={column} scope="col">
                      {cell}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {block.rows.map((row, index) => {
                  const quoted = overlaps(highlights, row.start, row.end);
                  return (
                    <tr key={index} class={quoted ? 'quoted' : undefined}>
                      {row.cells.map((cell, column) => (
                        <td key={column}>{quoted ? <mark>{cell}</mark> : cell}</td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ),
      )}
    </div>
  );
}
