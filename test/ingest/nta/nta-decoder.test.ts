import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Readable } from 'node:stream';
import iconv from 'iconv-lite';
import { detectEncoding, NtaDecoder } from '../../../src/ingest/nta/nta-decoder.js';

const TEXT = '1,1010001001111,12,0,2026-01-27,2026-01-05,"株式会社エス・エイ・アイ"\n';

describe('detectEncoding', () => {
  const utf8 = Buffer.from(TEXT, 'utf8');
  const sjis = iconv.encode(TEXT, 'cp932');
  const cases: readonly (readonly [string, Uint8Array, boolean, string])[] = [
    ['UTF-8 with a BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]), true, 'utf8'],
    ['UTF-8 without a BOM', utf8, true, 'utf8'],
    ['Shift_JIS', sjis, true, 'cp932'],
    [
      'UTF-8 cut inside a character, more to come',
      utf8.subarray(0, utf8.indexOf(Buffer.from('社')) + 1),
      false,
      'utf8',
    ],
    [
      'UTF-8 cut inside a character at the end of the file',
      utf8.subarray(0, utf8.indexOf(Buffer.from('社')) + 1),
      true,
      'cp932',
    ],
    ['plain ASCII', Buffer.from('1,2,3\n'), true, 'utf8'],
  ];
  for (const [what, sample, complete, expected] of cases) {
    it(`${what} is ${expected}`, () => assert.equal(detectEncoding(sample, complete), expected));
  }
});

describe('NtaDecoder', () => {
  async function decode(bytes: Buffer, chunk: number, forced: 'utf8' | 'cp932' | null = null) {
    const chunks: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += chunk) chunks.push(bytes.subarray(i, i + chunk));
    const decoder = new NtaDecoder(forced);
    const out: string[] = [];
    for await (const piece of Readable.from(chunks).pipe(decoder)) out.push(piece as string);
    return { text: out.join(''), encoding: decoder.encoding, bytesRead: decoder.bytesRead };
  }

  const big = TEXT.repeat(2000); // well past the bytes looked at before deciding
  for (const chunk of [1, 7, 65536, 1 << 20]) {
    it(`decodes Shift_JIS in chunks of ${chunk} bytes`, async () => {
      const bytes = iconv.encode(big, 'cp932');
      assert.deepEqual(await decode(bytes, chunk), { text: big, encoding: 'cp932', bytesRead: bytes.length });
    });
    it(`decodes UTF-8 with a BOM in chunks of ${chunk} bytes, dropping the BOM`, async () => {
      const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(big, 'utf8')]);
      assert.deepEqual(await decode(bytes, chunk), { text: big, encoding: 'utf8', bytesRead: bytes.length });
    });
  }

  it('uses a forced encoding', async () => {
    const { text, encoding } = await decode(iconv.encode(TEXT, 'cp932'), 100, 'utf8');
    assert.equal(encoding, 'utf8');
    assert.match(text, /\uFFFD/u); // what the row check then reports as an encoding error
  });

  it('decodes an empty input to nothing', async () => {
    assert.deepEqual(await decode(Buffer.alloc(0), 10), { text: '', encoding: 'utf8', bytesRead: 0 });
  });
});
