// A request URL's path and query string, apart, and a parsed query's parameters as pairs: the logs keep the path
// alone, the usage log and the validators the query.
import { textOf } from '../lib/is-object.js';

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

/**
 * A query as Fastify parsed it (what the route's schema checks and the limiter reads), as name and value pairs: a
 * repeated parameter once for each value. Read by the usage log instead of the URL again.
 */
export function parameterPairs(query: Readonly<Record<string, unknown>>): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [name, value] of Object.entries(query))
    if (Array.isArray(value)) for (const one of value) pairs.push([name, textOf(one)]);
    else pairs.push([name, textOf(value)]);
  return pairs;
}
