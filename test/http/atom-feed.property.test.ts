// No record and no request forges or breaks a feed. Random records of every kind (any text:
// `]]>`, markup, control characters, U+FFFE, lone surrogates) and random Host headers, targets and titles always give
// a feed valid against RFC 4287's schema, with exactly one entry per record, each record's text read back by libxml2
// as it was (minus the characters XML 1.0 forbids), and no date in Japan time after the answer's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { atomFeed, type FeedRecord } from '../../src/http/feeds/atom-feed.js';
import { requestBase, targetPath } from '../../src/http/feeds/request-origin.js';
import { xmlChars } from '../../src/http/feeds/xml-writer.js';
import { validAtomValues } from '../helpers/atom-schema.js';
import { hostileText } from '../helpers/hostile-text.js';
import { step } from '../helpers/xml-values.js';

const NOW = new Date('2026-11-21T03:00:00Z');

const day = fc.oneof(
  fc
    .date({ min: new Date('1990-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  hostileText(2),
);
const changeTime = fc
  .date({ min: new Date('1990-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString());
const label = fc.record({ name_en: hostileText() });
const shared = {
  id: hostileText(3),
  company: fc.record({
    name: hostileText(),
    corporate_number: fc.option(fc.constant('8999999000001')),
    prefecture_code: fc.option(fc.constantFrom('01', '13', '99')),
    address: fc.option(hostileText()),
  }),
  authority: fc.record({ name: hostileText(), name_en: hostileText() }),
  source: fc.record({
    url: fc.oneof(fc.webUrl({ withQueryParameters: true }), hostileText(), fc.constant('javascript:alert(1)')),
  }),
  listing: fc.record({ first_listed_on: day }),
  summary_en: fc.option(hostileText()),
};
const anyRecord: fc.Arbitrary<FeedRecord> = fc.oneof(
  fc.record({ ...shared, action_type: label, date: day, summary: hostileText() }),
  fc.record({ ...shared, reason: label, reason_detail: hostileText(), period: fc.record({ from: day }) }),
  fc.record({
    ...shared,
    action_type: label,
    date: day,
    reason_detail: fc.option(hostileText()),
    period: fc.option(fc.record({ from: day })),
  }),
);

const JAPAN_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/u;

const entry = (i: number) => `/${step('feed')}/${step('entry')}[${i}]`;

test('random records, Host headers and targets always give a valid feed with one entry per record, read back whole', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(anyRecord, { maxLength: 5 }),
      fc.oneof(fc.domain(), hostileText(2)),
      fc.oneof(
        fc.webPath(),
        hostileText(2).map((t) => `/api/v1/enforcements?q=${t}`),
      ),
      hostileText(),
      fc.array(fc.option(fc.oneof(changeTime, hostileText(1))), { maxLength: 5 }),
      async (drawn, host, target, title, times) => {
        // an index before each id, so that an entry names the record it stands for
        const records = drawn.map((r, i) => Object.assign({}, r, { id: `${i}~${r.id}` }));
        // the store's change times of some of them, some in the future, some not instants at all
        const changedAt = new Map(records.flatMap((r, i) => (typeof times[i] === 'string' ? [[r.id, times[i]]] : [])));
        const base = requestBase({ protocol: 'http', host }, null);
        const selfUrl = `${base}${targetPath(target, '/api/v1/enforcements')}`;
        const xml = atomFeed(records, {
          base,
          selfUrl,
          title,
          datasetVersion: NOW.toISOString(),
          notAfter: NOW,
          changedAt,
        });
        const fields = ['id', 'title', 'summary', 'updated', 'published'].map(step);
        const links = ['alternate', 'related'].map((rel) => `${step('link')}[@rel='${rel}']/@href`);
        const read = await validAtomValues(xml, [
          `count(//${step('entry')})`,
          `count(//${step('link')}[@rel='related'])`,
          `/${step('feed')}/${step('updated')}`,
          ...records.flatMap((_, i) => [...fields, ...links].map((f) => `${entry(i + 1)}/${f}`)),
        ]);
        const [entries, related, feedUpdated, ...values] = read;
        assert.equal(entries, String(records.length), 'one entry per record');
        const web = records.filter((r) => /^https?:\/\/\S/iu.test(r.source.url) && URL.canParse(r.source.url));
        const href = (url: string) => new URL(url).href;
        assert.equal(related, String(web.length), 'a related link for each web source, and none forged');
        assert.match(feedUpdated ?? '', JAPAN_TIME);
        const perEntry = fields.length + links.length;
        const updatedTimes: string[] = [];
        records.forEach((_, i) => {
          const [id, entryTitle, summary, updated, published, alternate, source] = values.slice(
            i * perEntry,
            (i + 1) * perEntry,
          );
          const index = Number(/^urn:kohyo:record:(\d+)~/u.exec(id ?? '')?.[1]);
          const record = records[index];
          assert.ok(record !== undefined, `entry ${i + 1} names a record: ${id}`);
          assert.equal(id, `urn:kohyo:record:${xmlChars(record.id)}`);
          const action = record.action_type?.name_en ?? `Suspension from public procurement: ${record.reason?.name_en}`;
          // the company, whose record it is (its number, or linked to none), then the action and the authority
          const title = entryTitle ?? '';
          assert.ok(title.startsWith(xmlChars(`${record.company.name} (`)), title);
          assert.ok(title.endsWith(xmlChars(`): ${action} (${record.authority.name_en})`)), title);
          const { corporate_number: number } = record.company;
          assert.ok(
            title.includes(number === null ? '法人番号の紐付けなし · linked to no company' : `(${number}`),
            title,
          );
          const text = [record.summary_en, record.summary ?? record.reason_detail].filter((t) => t).join('\n\n');
          assert.equal(summary, xmlChars(text));
          assert.equal(alternate, `${base}/records/${encodeURIComponent(record.id.replace(/\p{Cs}/gu, '\uFFFD'))}`);
          assert.equal(source, web.includes(record) ? href(record.source.url) : '');
          for (const time of [updated, published]) {
            assert.match(time ?? '', JAPAN_TIME);
            assert.ok(Date.parse(time ?? '') <= NOW.getTime(), `${time} is not after the answer`);
          }
          updatedTimes.push(updated ?? '');
        });
        assert.deepEqual(
          updatedTimes.map((t) => Date.parse(t)),
          updatedTimes.map((t) => Date.parse(t)).sort((a, b) => b - a),
          'what arrived last first',
        );
        if (records.length > 0) assert.equal(feedUpdated, updatedTimes[0], "the feed's updated is its newest entry's");
      },
    ),
    { numRuns: 120, includeErrorInReport: true },
  );
});
