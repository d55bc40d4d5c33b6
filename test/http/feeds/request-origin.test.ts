// The base of an answer's absolute links: the Host header reaches a link only as a checked
// host[:port]; the configured public address wins; a request target gives only its path and query.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkedHost, DEFAULT_BASE, requestBase, targetPath } from '../../../src/http/feeds/request-origin.js';
import { loadConfig } from '../../../src/config.js';
import { ConfigError } from '../../../src/config-readers.js';

test('a Host header is taken only when it is a host[:port]', () => {
  const cases: readonly (readonly [string | undefined, string | null])[] = [
    ['kohyo.example', 'kohyo.example'],
    ['Kohyo.Example:8443', 'kohyo.example:8443'],
    ['127.0.0.1:3000', '127.0.0.1:3000'],
    ['localhost', 'localhost'],
    ['[::1]:3000', '[::1]:3000'],
    ['[2001:db8::1]', '[2001:db8::1]'],
    ['internal_host.lan', 'internal_host.lan'],
    [undefined, null],
    ['', null],
    ['a b', null],
    ['<x>', null],
    ['%', null],
    ['kohyo.example%2f', null],
    ['evil.example/phish?', null],
    ['user@kohyo.example', null],
    ['kohyo.example:99999', null],
    ['kohyo.example:', null],
    ['[not-ipv6]', null],
    ['[::1', null],
    ['-lead.example', null],
    ['a..b', null],
    ['kohyo.example"onmouseover="x', null],
    ['x'.repeat(300), null],
  ];
  for (const [host, expected] of cases) assert.equal(checkedHost(host), expected, JSON.stringify(host));
});

test("the base: the public address when configured, else the checked Host on the request's protocol, else the default", () => {
  assert.equal(requestBase({ protocol: 'http', host: 'a b' }, 'https://kohyo.example'), 'https://kohyo.example');
  assert.equal(requestBase({ protocol: 'https', host: 'kohyo.example' }, null), 'https://kohyo.example');
  assert.equal(requestBase({ protocol: 'http', host: 'kohyo.example:3000' }, null), 'http://kohyo.example:3000');
  assert.equal(requestBase({ protocol: 'javascript', host: 'kohyo.example' }, null), 'http://kohyo.example');
  assert.equal(requestBase({ protocol: 'http', host: '<x>' }, null), DEFAULT_BASE);
  assert.equal(requestBase({ protocol: 'http', host: undefined }, null), DEFAULT_BASE);
});

test('a request target gives its path and query only, percent-encoded', () => {
  const cases: readonly (readonly [string, string])[] = [
    ['/api/v1/enforcements?q=x&format=atom', '/api/v1/enforcements?q=x&format=atom'],
    ['//evil.example/api/v1/enforcements', '//evil.example/api/v1/enforcements'],
    ['http://evil.example/api/v1/enforcements?q=1', '/api/v1/enforcements?q=1'],
    ['/api/v1/enforcements?q="<x>"', '/api/v1/enforcements?q=%22%3Cx%3E%22'],
    ['/api/v1/enforcements?q=株式会社', '/api/v1/enforcements?q=%E6%A0%AA%E5%BC%8F%E4%BC%9A%E7%A4%BE'],
    ['*', '/fallback'],
    ['mailto:x@example', '/fallback'],
  ];
  for (const [url, expected] of cases) assert.equal(targetPath(url, '/fallback'), expected, url);
});

test('KOHYO_PUBLIC_URL: an http(s) address, without its trailing slash; anything else refused', () => {
  assert.equal(loadConfig({}).publicUrl, null);
  assert.equal(loadConfig({ KOHYO_PUBLIC_URL: 'https://kohyo.example/' }).publicUrl, 'https://kohyo.example');
  assert.equal(loadConfig({ KOHYO_PUBLIC_URL: 'https://example.org/kohyo/' }).publicUrl, 'https://example.org/kohyo');
  for (const bad of ['kohyo.example', 'ftp://kohyo.example', 'https://u:p@kohyo.example', 'https://k.example/?a=1']) {
    assert.throws(() => loadConfig({ KOHYO_PUBLIC_URL: bad }), ConfigError, bad);
  }
});
