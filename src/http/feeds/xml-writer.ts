// XML 1.0 documents written from a tree of elements: every text node and attribute value is escaped by the function
// that writes it and loses the characters XML 1.0 forbids, so no value can close an element, open one or make the
// document ill-formed, whatever it holds (`]]>`, `<`, `&`, control characters, U+FFFE, lone surrogates).

/** An element: a name the code chose, attributes, and children (elements or text). */
export interface XmlElement {
  readonly name: string;
  readonly attributes: readonly (readonly [string, string])[];
  readonly children: readonly XmlNode[];
}

export type XmlNode = XmlElement | string;

/**
 * Names are the code's own, never a value's; a name outside this conservative subset of XML's Name (ASCII, one
 * optional prefix) is a bug, refused at once rather than written.
 */
const NAME = /^[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?$/u;

/**
 * What XML 1.0 allows (https://www.w3.org/TR/xml/#charsets): tab, LF, CR, U+0020-U+D7FF, U+E000-U+FFFD and the
 * supplementary planes. With the u flag a paired surrogate is one code point of those planes and a lone one is
 * its own code point (U+D800-U+DFFF), which the class leaves out.
 */
const FORBIDDEN = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** The text without the characters XML 1.0 forbids: what a document can carry of it. */
export function xmlChars(text: string): string {
  return text.replace(FORBIDDEN, '');
}

const TEXT_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };

// tab, LF and CR as references: a parser turns literal ones in an attribute into spaces (XML 1.0 §3.3.3)
const ATTRIBUTE_ESCAPES: Readonly<Record<string, string>> = {
  ...TEXT_ESCAPES,
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
};

/** A text node's content: `>` too, so that `]]>` never appears. */
export function escapeText(text: string): string {
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the class holds exactly the table's keys
  return xmlChars(text).replace(/[&<>\r]/gu, (c) => TEXT_ESCAPES[c]!);
}

/** An attribute value, for a double-quoted attribute. */
export function escapeAttribute(value: string): string {
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the class holds exactly the table's keys
  return xmlChars(value).replace(/[&<>"\t\n\r]/gu, (c) => ATTRIBUTE_ESCAPES[c]!);
}

function checkedName(name: string): string {
  if (!NAME.test(name)) throw new Error(`not an XML name the writer accepts: ${JSON.stringify(name)}`);
  return name;
}

/**
 * An element. Attributes whose value is null or undefined are left out, as are null and undefined children, so that
 * an optional part is written as `value && el(…)` or with a nullable value.
 */
export function el(
  name: string,
  attributes: Readonly<Record<string, string | null | undefined>> = {},
  ...children: readonly (XmlNode | readonly XmlNode[] | null | undefined)[]
): XmlElement {
  const present: (readonly [string, string])[] = [];
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== null && value !== undefined) present.push([checkedName(key), value]);
  }
  const nodes: XmlNode[] = [];
  for (const child of children) {
    if (child === null || child === undefined) continue;
    if (typeof child === 'string' || 'name' in child) nodes.push(child);
    else nodes.push(...child);
  }
  return { name: checkedName(name), attributes: present, children: nodes };
}

/** The element and what it holds, as XML. */
export function writeElement(element: XmlElement): string {
  const parts: string[] = [];
  write(element, parts);
  return parts.join('');
}

/** A UTF-8 document whose root is the element. */
export function xmlDocument(root: XmlElement): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n${writeElement(root)}\n`;
}

function write(element: XmlElement, parts: string[]): void {
  parts.push('<', element.name);
  for (const [name, value] of element.attributes) parts.push(' ', name, '="', escapeAttribute(value), '"');
  if (element.children.length === 0) {
    parts.push('/>');
    return;
  }
  parts.push('>');
  for (const child of element.children) {
    if (typeof child === 'string') parts.push(escapeText(child));
    else write(child, parts);
  }
  parts.push('</', element.name, '>');
}
