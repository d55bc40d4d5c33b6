// The frame every page shares: language, title, the search form, the language switch, the demo warning and the footer.
import type { ComponentChildren } from 'preact';
import { MESSAGE_PLACE } from './messages.js';
import { PAGE_STYLE } from './page-style.js';
import { message, type MessageId } from './messages.js';
import type { Language } from './language.js';
import { SEARCH_PAGE_PATH } from '../../api/links.js';
import { cleanText } from '../../domain/text/untrusted-text.js';

export interface PageFrame {
  readonly language: Language;
  readonly title: string;
  /** The page's own path and query, without `lang`: the language switch links to it with the other language. */
  readonly here: string;
  /** What the search box holds. */
  readonly q?: string;
  readonly demo: boolean;
  /** An Atom feed the page offers to feed readers. */
  readonly feed?: string;
}

/** The address of `here` in `language`. */
function inLanguage(here: string, language: Language): string {
  const [path = '/', query = ''] = here.split('?');
  const params = new URLSearchParams(query);
  params.delete('lang');
  params.set('lang', language);
  return `${path}?${params.toString()}`;
}

/** A message whose `{name}` places hold markup (a `<time>`, a span marked Japanese), each part escaped by the renderer. */
export function Sentence({
  language,
  id,
  parts,
}: {
  readonly language: Language;
  readonly id: MessageId;
  readonly parts: Readonly<Record<string, ComponentChildren>>;
}) {
  const pieces = message(language, id).split(MESSAGE_PLACE);
  // split by a pattern with one group: text at even places, a place's name at odd ones
  return <>{pieces.map((piece, i) => (i % 2 === 0 ? piece : (parts[piece] ?? `{${piece}}`)))}</>;
}

const JAPANESE = /[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]/u;

/** What a person typed, marked as Japanese where it is written in Japanese script. */
export function Typed({ text }: { readonly text: string }) {
  return JAPANESE.test(text) ? <span lang="ja">{text}</span> : <>{text}</>;
}

export function SearchForm({ language, q }: { readonly language: Language; readonly q?: string }) {
  return (
    <form class="search" role="search" method="get" action={SEARCH_PAGE_PATH}>
      <label for="q">{message(language, 'searchLabel')}</label>
      <input id="q" name="q" type="search" value={q ?? ''} maxLength={100} autocomplete="off" required />
      <input type="hidden" name="lang" value={language} />
      <button type="submit">{message(language, 'searchButton')}</button>
    </form>
  );
}

export function Layout({ frame, children }: { readonly frame: PageFrame; readonly children: ComponentChildren }) {
  const { language } = frame;
  const other: Language = language === 'ja' ? 'en' : 'ja';
  return (
    <html lang={language}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>
          {frame.title === message(language, 'service')
            ? frame.title
            : // a title holds no markup to isolate a publisher's words with: their direction controls are left out
              `${cleanText(frame.title)} | ${message(language, 'service')}`}
        </title>
        {frame.feed === undefined ? null : <link rel="alternate" type="application/atom+xml" href={frame.feed} />}
        <style dangerouslySetInnerHTML={{ __html: PAGE_STYLE }} />
      </head>
      <body>
        <a class="skip" href="#main">
          {message(language, 'skip')}
        </a>
        <header>
          <a class="brand" href={`/?lang=${language}`}>
            {message(language, 'service')}
          </a>
          <nav aria-label={message(language, 'languageNav')}>
            <a href={inLanguage(frame.here, other)} lang={other} hreflang={other}>
              {message(language, 'otherLanguage')}
            </a>
          </nav>
        </header>
        <main id="main">
          {frame.demo ? <p class="notice">{message(language, 'demoWarning')}</p> : null}
          {children}
        </main>
        <footer>
          <p>{message(language, 'footer')}</p>
          <p class="nav">
            {message(language, 'aboutApi')} <a href="/docs">{message(language, 'docs')}</a> ·{' '}
            <a href="/llms.txt">/llms.txt</a> · <a href="/llms-full.txt">/llms-full.txt</a>
          </p>
        </footer>
      </body>
    </html>
  );
}
