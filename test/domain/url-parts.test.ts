import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pathOf, queryOf } from '../../src/domain/url-parts.js';

test('a URL splits at its first ?: the path before it, the query string after it', () => {
  const cases: [string, string, string][] = [
    ['/api/v1/companies?q=%E6%A0%AA&limit=5', '/api/v1/companies', 'q=%E6%A0%AA&limit=5'],
    ['/api/v1/companies', '/api/v1/companies', ''],
    ['/api/v1/companies?', '/api/v1/companies', ''],
    ['/api/v1/search?q=a?b', '/api/v1/search', 'q=a?b'],
    ['/?x', '/', 'x'],
  ];
  for (const [url, path, query] of cases) {
    assert.equal(pathOf(url), path, url);
    assert.equal(queryOf(url), query, url);
  }
});
