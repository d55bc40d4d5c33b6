// Which language a page is shown in: the reader's choice, else Accept-Language by its weights, else Japanese.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageLanguage } from '../../src/http/pages/language.js';

test('the page language: lang first, then Accept-Language by q-value, Japanese by default', () => {
  const cases: [unknown, string | undefined, string][] = [
    [undefined, undefined, 'ja'],
    [undefined, '', 'ja'],
    [undefined, 'en-US,en;q=0.9', 'en'],
    [undefined, 'ja-JP,ja;q=0.9,en;q=0.8', 'ja'],
    [undefined, 'fr-FR,fr;q=0.9,en;q=0.5', 'en'],
    [undefined, 'en;q=0.3,ja;q=0.7', 'ja'],
    [undefined, 'en;q=0, fr', 'ja'],
    [undefined, 'de', 'ja'],
    ['en', 'ja', 'en'],
    ['ja', 'en', 'ja'],
    ['xx', 'en', 'en'],
    [['en', 'ja'], undefined, 'ja'],
    [undefined, `${'x,'.repeat(5000)}en`, 'ja'],
  ];
  for (const [chosen, header, expected] of cases)
    assert.equal(pageLanguage(chosen, header), expected, `${String(chosen)} ${header}`);
});
