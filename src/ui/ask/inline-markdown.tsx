// Inline Markdown in an answer ("[`cssModules`](https://…)", `code`, **emphasis**) drawn as elements built
// from marked's lexer tokens, never from an HTML string. A link goes only to an http(s) address or to a
// passage of the documents; any other (javascript:, data:, a relative path) is shown as the text it was
// written as, and so are raw HTML and images: nothing a model writes makes the page fetch or run anything.
import { Lexer, type Token } from 'marked';
import type { ComponentChildren } from 'preact';
import { assertNever } from '../../types';
import { PassageLink } from './passages';

/** What an inline token becomes on the page. */
export type InlineNode =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong' | 'em' | 'del'; children: InlineNode[] }
  | { kind: 'link'; href: string; children: InlineNode[] }
  | { kind: 'passage'; id: string; children: InlineNode[] };

const WEB_ADDRESS = /^https?:\/\//iu;

function nodeOf(token: Token, passageIds: ReadonlySet<string>): InlineNode {
  const children = () => nodesOf(('tokens' in token ? token.tokens : undefined) ?? [], passageIds);
  switch (token.type) {
    case 'strong':
    case 'em':
    case 'del':
      return { kind: token.type, children: children() };
    case 'codespan':
      return { kind: 'code', text: token.text as string };
    case 'escape':
      return { kind: 'text', text: token.text as string };
    case 'text':
      return { kind: 'text', text: token.text as string };
    case 'link': {
      const href = token.href as string;
      const id = href.startsWith('#') ? href.slice(1) : href;
      if (passageIds.has(id)) return { kind: 'passage', id, children: children() };
      if (WEB_ADDRESS.test(href)) return { kind: 'link', href, children: children() };
      return { kind: 'text', text: token.raw };
    }
    case 'br':
      return { kind: 'text', text: '\n' };
    default:
      // Raw HTML, images and anything else: the characters as written.
      return { kind: 'text', text: token.raw };
  }
}

/** The inline tokens of `tokens` as nodes, neighbouring text joined. */
function nodesOf(tokens: readonly Token[], passageIds: ReadonlySet<string>): InlineNode[] {
  const nodes: InlineNode[] = [];
  for (const token of tokens) {
    const node = nodeOf(token, passageIds);
    const last = nodes.at(-1);
    if (node.kind === 'text' && last?.kind === 'text') last.text += node.text;
    else nodes.push(node);
  }
  return nodes;
}

/** `text`'s inline Markdown as nodes; a link to one of `passageIds` (bare or after "#") opens that passage. */
export function inlineNodes(text: string, passageIds: ReadonlySet<string> = new Set()): InlineNode[] {
  return nodesOf(Lexer.lexInline(text), passageIds);
}

function render(nodes: readonly InlineNode[], onOpenPassage: (id: string) => void): ComponentChildren {
  return nodes.map((node, at) => {
    switch (node.kind) {
      case 'text':
        return node.text;
      case 'code':
        return <code key={at}>{node.text}</code>;
      case 'strong':
        return <strong key={at}>{render(node.children, onOpenPassage)}</strong>;
      case 'em':
        return <em key={at}>{render(node.children, onOpenPassage)}</em>;
      case 'del':
        return <del key={at}>{render(node.children, onOpenPassage)}</del>;
      case 'link':
        return (
          <a key={at} href={node.href} rel="noopener noreferrer nofollow">
            {render(node.children, onOpenPassage)}
          </a>
        );
      case 'passage':
        return (
          <PassageLink key={at} id={node.id} onOpenPassage={onOpenPassage}>
            {render(node.children, onOpenPassage)}
          </PassageLink>
        );
      default:
        return assertNever(node);
    }
  });
}

/** `text` with its inline Markdown drawn as elements. */
export function InlineMarkdown({
  text,
  passageIds,
  onOpenPassage,
}: {
  text: string;
  passageIds: ReadonlySet<string>;
  onOpenPassage: (id: string) => void;
}) {
  return <>{render(inlineNodes(text, passageIds), onOpenPassage)}</>;
}
