// The language a page is shown in: `lang` in the address when the reader chose one, else the browser's Accept-Language.
export type Language = 'ja' | 'en';

function isLanguage(value: unknown): value is Language {
  return value === 'ja' || value === 'en';
}

/**
 * Japanese unless the reader asks for English: the records are Japanese, and most readers read them in Japanese.
 * Accept-Language is read by its q-values, and only its first few entries (the header is the client's to fill).
 */
export function pageLanguage(chosen: unknown, acceptLanguage: string | undefined): Language {
  if (isLanguage(chosen)) return chosen;
  let best: { language: Language; q: number } | null = null;
  for (const entry of (acceptLanguage ?? '').slice(0, 256).split(',').slice(0, 8)) {
    const [tag = '', ...params] = entry.trim().toLowerCase().split(';');
    const language = tag.split('-')[0];
    if (!isLanguage(language)) continue;
    const q = params.map((p) => /^\s*q=([01](?:\.\d{1,3})?)\s*$/u.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    if (weight > 0 && (best === null || weight > best.q)) best = { language, q: weight };
  }
  return best?.language ?? 'ja';
}

/** A label object of the vocabularies in the page's language. */
export function labelIn(language: Language, label: { readonly name: string; readonly name_en: string }): string {
  return language === 'en' ? label.name_en : label.name;
}
