// A page's text as a reader gets it, read with parse5 (the HTML standard's parser): each text node with the language
// it is marked in and whether a <time> holds it, each <time> with its machine-readable value, and the text of the
// elements a test picks by tag and class.
import { parse, type DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

interface PageText {
  readonly text: string;
  /** The `lang` of the nearest element that names one. */
  readonly lang: string | null;
  readonly inTime: boolean;
}

interface PageTime {
  readonly datetime: string | null;
  readonly text: string;
}

export interface ReadPage {
  readonly texts: readonly PageText[];
  readonly times: readonly PageTime[];
  /** The text of every element with this tag (and class, when given), in document order. */
  textsOf(tag: string, className?: string): string[];
}

function isElement(node: Node): node is Element {
  return 'tagName' in node;
}

function attribute(element: Element, name: string): string | null {
  return element.attrs.find((a) => a.name === name)?.value ?? null;
}

function childrenOf(node: Node): readonly Node[] {
  return 'childNodes' in node ? node.childNodes : [];
}

function textOf(node: Node): string {
  if (node.nodeName === '#text' && 'value' in node) return node.value;
  return childrenOf(node).map(textOf).join('');
}

export function readPage(html: string): ReadPage {
  const texts: PageText[] = [];
  const times: PageTime[] = [];
  const elements: Element[] = [];
  const walk = (node: Node, lang: string | null, inTime: boolean): void => {
    if (node.nodeName === '#text' && 'value' in node) {
      if (node.value.trim() !== '') texts.push({ text: node.value, lang, inTime });
      return;
    }
    if (isElement(node)) {
      if (node.tagName === 'style' || node.tagName === 'script') return;
      elements.push(node);
      if (node.tagName === 'time') times.push({ datetime: attribute(node, 'datetime'), text: textOf(node) });
    }
    const own = isElement(node) ? (attribute(node, 'lang') ?? lang) : lang;
    const timed = inTime || (isElement(node) && node.tagName === 'time');
    for (const child of childrenOf(node)) walk(child, own, timed);
  };
  walk(parse(html), null, false);
  return {
    texts,
    times,
    textsOf: (tag, className) =>
      elements
        .filter(
          (e) =>
            e.tagName === tag &&
            (className === undefined || (attribute(e, 'class') ?? '').split(/\s+/u).includes(className)),
        )
        .map(textOf),
  };
}
