// A request URL's path and query string, apart: the logs keep the path alone, the usage log and the validators the query.

/** The URL without its query string. */
export function pathOf(url: string): string {
  const mark = url.indexOf('?');
  return mark < 0 ? url : url.slice(0, mark);
}

/** The query string without its `?`; empty when there is none. */
export function queryOf(url: string): string {
  const mark = url.indexOf('?');
  return mark < 0 ? '' : url.slice(mark + 1);
}
