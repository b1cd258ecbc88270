// A passage's Markdown shown as text with its structure: tables as tables, everything else as
// paragraphs. Elements are built from text nodes only; nothing is ever parsed as HTML.
import { TABLE_LINE, TABLE_SEPARATOR, tableCells } from '../markdown-table';

type Block = { kind: 'table'; header: string[]; rows: string[][] } | { kind: 'text'; text: string };

/** Consecutive table lines make a table (first line the header); runs of other lines are paragraphs. */
export function blocksOf(markdown: string): Block[] {
  const blocks: Block[] = [];
  let text: string[] = [];
  let table: string[][] = [];
  const flushText = () => {
    const joined = text.join('\n').trim();
    if (joined !== '') blocks.push({ kind: 'text', text: joined });
    text = [];
  };
  const flushTable = () => {
    const [header, ...rows] = table;
    if (header !== undefined) blocks.push({ kind: 'table', header, rows });
    table = [];
  };
  for (const line of markdown.split('\n')) {
    if (TABLE_LINE.test(line)) {
      flushText();
      if (!TABLE_SEPARATOR.test(line)) table.push(tableCells(line));
    } else {
      flushTable();
      text.push(line);
    }
  }
  flushText();
  flushTable();
  return blocks;
}

// Blocks, rows and cells have no identity but their position, which never changes for one passage: the
// keys below are indexes.
export function PassageText({ markdown }: { markdown: string }) {
  return (
    <div class="passage-text">
      {blocksOf(markdown).map((block, position) =>
        block.kind === 'text' ? (
          <p key={position}>{block.text}</p>
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
                {block.rows.map((row, index) => (
                  <tr key={index}>
                    {row.map((cell, column) => (
                      <td key={column}>{cell}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ),
      )}
    </div>
  );
}
