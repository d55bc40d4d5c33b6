// The pages for people that every other builds on: the document as sent, a fact of a definition list, the landing
// page and the error page. Rendered on the server by Preact to strings (every text and attribute escaped by the
// renderer), usable with no script.
import { renderToString } from 'preact-render-to-string';
import type { ComponentChildren, VNode } from 'preact';
import { Layout, SearchForm, Sentence, type PageFrame } from './layout.js';
import { isMessageId, message } from './messages.js';
import { COVERAGE_PAGE_PATH } from '../../api/links.js';

/** A page as it is sent: the doctype, then the document. */
export function pageHtml(page: VNode): string {
  return `<!doctype html>\n${renderToString(page)}`;
}

export function Fact({ term, children }: { readonly term: string; readonly children: ComponentChildren }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** A link of the landing page for developers, as the catalogue names it: the reference, the guide, coverage. */
export interface DeveloperLink {
  readonly name: string;
  readonly path: string;
  readonly title: string;
  readonly note: string;
}

/** A developer link in the page's language where the pages have its words; else the catalogue's English, marked so. */
function DeveloperLinkLine({ link, language }: { readonly link: DeveloperLink; readonly language: 'ja' | 'en' }) {
  const title = `devTitle_${link.name}`;
  const note = `devNote_${link.name}`;
  if (isMessageId(title) && isMessageId(note)) {
    return (
      <li>
        <a href={link.path}>{message(language, title)}</a>: {message(language, note)}
      </li>
    );
  }
  return (
    <li lang="en">
      <a href={link.path}>{link.title}</a>: {link.note}
    </li>
  );
}

export function HomePage({
  frame,
  links,
  contact,
}: {
  readonly frame: PageFrame;
  readonly links: readonly DeveloperLink[];
  readonly contact: string | null;
}) {
  const { language } = frame;
  return (
    <Layout frame={frame}>
      <h1>{message(language, 'service')}</h1>
      <p>{message(language, 'tagline')}</p>
      <SearchForm language={language} />
      <p class="hint">
        <Sentence
          language={language}
          id="searchHint"
          parts={{
            examples: <span lang="ja">北辰建設、ホクシンケンセツ</span>,
            forms: <span lang="ja">株式会社・（株）</span>,
          }}
        />
      </p>
      <p>
        <a href={`${COVERAGE_PAGE_PATH}?lang=${language}`}>{message(language, 'coveragePageLink')}</a>
      </p>
      <section aria-labelledby="developers-heading">
        <h2 id="developers-heading">{message(language, 'forDevelopers')}</h2>
        <ul>
          {links.map((link) => (
            <DeveloperLinkLine key={link.path} link={link} language={language} />
          ))}
        </ul>
        {contact === null ? null : <p>{message(language, 'operator', { contact })}</p>}
      </section>
    </Layout>
  );
}

export function ErrorPage({
  frame,
  heading,
  body,
}: {
  readonly frame: PageFrame;
  readonly heading: string;
  readonly body: string;
}) {
  return (
    <Layout frame={frame}>
      <h1>{heading}</h1>
      <p>{body}</p>
      <SearchForm language={frame.language} />
    </Layout>
  );
}
