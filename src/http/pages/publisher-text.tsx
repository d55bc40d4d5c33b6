// Text a publisher wrote (a company's name, a list's title, a summary), set apart from the page's own words.

/**
 * The text in a `<bdi>`: whatever direction characters it holds, they cannot reorder the words around it (a title
 * ending in U+202E cannot turn "(Published 14 March 2025)" after it backwards).
 */
export function PublisherText({
  children,
  lang = 'ja',
}: {
  readonly children: string;
  readonly lang?: string | undefined;
}) {
  return <bdi lang={lang}>{children}</bdi>;
}
