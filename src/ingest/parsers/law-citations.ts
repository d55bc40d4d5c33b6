// A law column's text split into its citations (「労働安全衛生法第20条」「労働安全衛生規則第519条」), each with its law.
import { lawFromText, type LawTerm } from '../../domain/vocabularies/laws.js';

export interface Citation {
  /** The citation as written, white space removed. */
  readonly text: string;
  /** The law it cites, a regulation counting as its act; undefined when no known title starts it. */
  readonly law: LawTerm | undefined;
}

const SEPARATOR = /[,、，;；]/u;
// A list mark before each of several citations: 「(1)旧下請法第4条… (2)取適法第5条…」, 「[1]第4条…」, 「①…」.
const ENUMERATOR = /[(（[［][0-9０-９]{1,2}[)）\]］]|[①-⑳]/gu;
// Text that goes on with the citation before it: an article (第5条), a branch number (の2), 同法, a digit, and
// the 条, 項 or 号 a narrow cell wrapped onto a line of its own (「…規則第20」 / 「条」).
const CONTINUES = /^(?:第|の|同|[0-9０-９]|[条項号]|及び|並びに|ただし)/u;
// Where an article number ends and a title may start: 「…第16号クレーン等安全規則第221条」.
const ARTICLE_END = /[条項号0-9０-９]/u;
// A conjunction between the citations of two laws, dropped where they are split: 「労働基準法第32条及び最低賃金法第4条」.
const CONJUNCTION = /、?(?:及び|並びに)$/u;

/**
 * The citations in a law cell's lines. A line or comma-separated part that starts with a title starts a
 * citation; one that starts with 第, の, 同, a digit or 条 goes on with the one before (a wrapped line joins
 * as is, a comma-separated part keeps its comma), as does a line with no title after one cut short; and a known title run straight into the article
 * number before it, or joined to it by 及び or 並びに, is split off.
 */
export function splitCitations(lines: readonly string[]): Citation[] {
  const texts: string[] = [];
  for (const line of lines) {
    const parts = line.replace(/\s+/gu, '').replace(ENUMERATOR, '、').split(SEPARATOR);
    parts.forEach((part, i) => {
      if (part === '') return;
      const last = texts.at(-1);
      if (last !== undefined && CONTINUES.test(part)) texts[texts.length - 1] = last + (i === 0 ? '' : '、') + part;
      // A long title wrapped mid-word (「…これに基づ」 / 「く命令に係る…」): the line before stops short of an article.
      else if (last !== undefined && i === 0 && !ARTICLE_END.test(last.slice(-1)) && lawFromText(part) === undefined)
        texts[texts.length - 1] = last + part;
      else texts.push(part);
    });
  }
  return texts.flatMap(splitRunIn).map((text) => ({ text, law: lawFromText(text) }));
}

/** Splits before every known title that follows an article number, directly or after a conjunction. */
function splitRunIn(text: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (let i = 1; i < text.length; i++) {
    if (CONTINUES.test(text.slice(i))) continue;
    const before = text.slice(start, i);
    const cited = before.slice(0, before.length - (CONJUNCTION.exec(before)?.[0].length ?? 0));
    if (!ARTICLE_END.test(cited.charAt(cited.length - 1))) continue;
    if (lawFromText(text.slice(i)) === undefined) continue;
    pieces.push(cited);
    start = i;
  }
  pieces.push(text.slice(start));
  return pieces;
}
