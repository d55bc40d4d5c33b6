// The links of an HTML page: each anchor's address and the text a reader clicks, in document order.
import { oneLine } from '../../domain/text/untrusted-text.js';
import { defaultTreeAdapter, parse, type DefaultTreeAdapterTypes as T } from 'parse5';

export interface HtmlLink {
  /** The href as written (relative addresses are not resolved here). */
  readonly href: string;
  /** The anchor's text with white space collapsed, image alt texts included. */
  readonly text: string;
}

const SKIPPED = new Set(['script', 'style', 'template', 'noscript']);

export function htmlLinks(html: string): HtmlLink[] {
  const links: HtmlLink[] = [];
  const walk = (node: T.ParentNode): void => {
    for (const child of node.childNodes) {
      if (!isElement(child) || SKIPPED.has(child.tagName)) continue;
      const href = child.tagName === 'a' ? attribute(child, 'href') : undefined;
      if (href !== undefined && href.trim() !== '') {
        links.push({ href: href.trim(), text: oneLine(textOf(child)) });
      }
      walk(child);
    }
  };
  walk(parse(html));
  return links;
}

export function isElement(node: T.Node): node is T.Element {
  return 'tagName' in node;
}

export function attribute(element: T.Element, name: string): string | undefined {
  return element.attrs.find((a) => a.name === name)?.value;
}

/** An element's text, with the alt text of its images. */
export function textOf(node: T.ParentNode): string {
  let text = '';
  for (const child of node.childNodes) {
    if (defaultTreeAdapter.isTextNode(child)) text += child.value;
    else if (isElement(child) && !SKIPPED.has(child.tagName)) {
      // a link drawn as an icon says what it is only in its alt text
      text += child.tagName === 'img' ? ` ${attribute(child, 'alt') ?? ''} ` : ` ${textOf(child)} `;
    }
  }
  return text;
}
