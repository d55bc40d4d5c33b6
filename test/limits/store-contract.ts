// The behaviour every limiter store must have, run against each implementation (memory-store.test.ts, redis-store.test.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { LimitCheck, LimitDecision, LimiterStore } from '../../src/limits/limiter-store.js';
import { limitPolicy, type LimitPolicy } from '../../src/limits/policy.js';
import { loadConfig } from '../../src/config.js';

export interface StoreFactory {
  /** A store over fresh, empty state; `open` gives further stores over the same state (other connections). */
  (policy: LimitPolicy): Promise<{ store: LimiterStore; open: () => Promise<LimiterStore> }>;
}

const T0 = Date.parse('2026-03-01T23:40:00.000Z');
const S = 1000;
let nextKey = 0;

export function policyWith(env: Record<string, string> = {}): LimitPolicy {
  return limitPolicy(loadConfig(env).limits);
}

export function storeContract(name: string, factory: StoreFactory): void {
  describe(`${name}: limiter store contract`, () => {
    const client = () => `client-${process.pid}-${nextKey++}`;
    const check = async (
      store: LimiterStore,
      key: string,
      now: number,
      extra: Partial<LimitCheck> = {},
    ): Promise<LimitDecision> => store.check({ key, now, terms: [], bases: [], ...extra });

    test('the 10th request in a minute passes and the 11th is refused until the oldest leaves, at the millisecond', async () => {
      const { store } = await factory(policyWith());
      const key = client();
      for (let i = 0; i < 10; i++) {
        const d = await check(store, key, T0 + i * S);
        assert.equal(d.refusal, null, `request ${i + 1}`);
        assert.equal(d.minute.used, i + 1);
        assert.equal(d.minute.freesAt, T0 + 60 * S);
      }
      const eleventh = await check(store, key, T0 + 59_999);
      assert.equal(eleventh.refusal, 'rate_limited');
      assert.equal(eleventh.retryAt, T0 + 60 * S);
      assert.equal(eleventh.minute.used, 10, 'a refused request does not count');
      // exactly 60 s after the first, the first has left the window (a window is the 60 s before now, exclusive)
      const atSixty = await check(store, key, T0 + 60 * S);
      assert.equal(atSixty.refusal, null);
      assert.equal(atSixty.minute.used, 10);
      assert.equal(atSixty.minute.freesAt, T0 + 61 * S);
      const next = await check(store, key, T0 + 60 * S + 1);
      assert.equal(next.refusal, 'rate_limited');
      assert.equal(next.retryAt, T0 + 61 * S);
      await store.close();
    });

    test('the rolling day: 300 requests across midnight, the 301st refused until exactly 24 h after the first', async () => {
      const { store } = await factory(policyWith());
      const key = client();
      // one every 7 s stays under 10 a minute; T0 is 23:40 UTC, so the 300 requests run past midnight
      for (let i = 0; i < 300; i++)
        assert.equal((await check(store, key, T0 + i * 7 * S)).refusal, null, `request ${i + 1}`);
      const after = T0 + 300 * 7 * S + 3600 * S; // the next day, well after midnight
      const refused = await check(store, key, after);
      assert.equal(refused.refusal, 'daily_limit_exceeded');
      assert.equal(refused.retryAt, T0 + 86_400 * S);
      assert.equal(refused.day.used, 300);
      assert.equal((await check(store, key, T0 + 86_400 * S - 1)).refusal, 'daily_limit_exceeded');
      const freed = await check(store, key, T0 + 86_400 * S);
      assert.equal(freed.refusal, null);
      assert.equal(freed.day.used, 300);
      assert.equal(freed.day.freesAt, T0 + 7 * S + 86_400 * S);
      await store.close();
    });

    test("when both windows are full the code and the wait are the day's", async () => {
      const { store } = await factory(policyWith({ KOHYO_LIMIT_PER_MINUTE: '3', KOHYO_LIMIT_PER_DAY: '3' }));
      const key = client();
      for (let i = 0; i < 3; i++) await check(store, key, T0 + i);
      const d = await check(store, key, T0 + 10);
      assert.equal(d.refusal, 'daily_limit_exceeded');
      assert.equal(d.retryAt, T0 + 86_400 * S);
      await store.close();
    });

    test('clients are counted apart', async () => {
      const { store } = await factory(policyWith({ KOHYO_LIMIT_PER_MINUTE: '2' }));
      const [a, b] = [client(), client()];
      await check(store, a, T0);
      await check(store, a, T0);
      assert.equal((await check(store, a, T0)).refusal, 'rate_limited');
      assert.equal((await check(store, b, T0)).refusal, null);
      await store.close();
    });

    test('50 concurrent requests of one client: exactly 10 pass', async () => {
      const { store, open } = await factory(policyWith());
      const stores = [store, ...(await Promise.all([1, 2, 3, 4].map(() => open())))];
      const key = client();
      const decisions = await Promise.all(
        Array.from({ length: 50 }, (_, i) => check(stores[i % stores.length]!, key, T0 + (i % 3))),
      );
      assert.equal(decisions.filter((d) => d.refusal === null).length, 10);
      assert.equal(decisions.filter((d) => d.refusal === 'rate_limited').length, 40);
      await Promise.all(stores.map((s) => s.close()));
    });

    test('distinct terms: the 31st in ten minutes trips enumeration; repeats and expired terms do not count', async () => {
      const { store } = await factory(policyWith({ KOHYO_LIMIT_PER_MINUTE: '1000' }));
      const key = client();
      for (let i = 0; i < 30; i++)
        assert.equal((await check(store, key, T0 + i * S, { terms: [`term-${i}`] })).refusal, null);
      assert.equal(
        (await check(store, key, T0 + 31 * S, { terms: ['term-0', 'term-29'] })).refusal,
        null,
        'terms already seen',
      );
      // term-0 was last asked at T0 + 31 s; term-1 .. term-29 at T0 + 1 s .. 29 s: at T0 + 601 s term-1 has left the window
      assert.equal((await check(store, key, T0 + 601 * S, { terms: ['fresh-a'] })).refusal, null);
      const trip = await check(store, key, T0 + 601 * S + 1, { terms: ['fresh-b', 'fresh-c'] });
      assert.equal(trip.refusal, 'automated_enumeration_detected');
      assert.equal(trip.retryAt, T0 + 601 * S + 1 + 3600 * S);
      await store.close();
    });

    test('a walk of Corporate Numbers is refused at its fifth step, and for the whole cool-down', async () => {
      const { store } = await factory(policyWith());
      const key = client();
      const start = 101_000_000_000;
      for (let i = 0; i < 4; i++)
        assert.equal((await check(store, key, T0 + i * 10 * S, { bases: [start + i * 7] })).refusal, null);
      const fifth = await check(store, key, T0 + 40 * S, { bases: [start + 28] });
      assert.equal(fifth.refusal, 'automated_enumeration_detected');
      assert.equal(fifth.retryAt, T0 + 40 * S + 3600 * S);
      assert.equal(fifth.minute.used, 4, 'the tripping request does not count');
      const during = await check(store, key, T0 + 3600 * S, { terms: ['an-unrelated-name'] });
      assert.equal(during.refusal, 'automated_enumeration_detected');
      assert.equal(during.retryAt, T0 + 40 * S + 3600 * S);
      const after = await check(store, key, T0 + 40 * S + 3600 * S, { terms: ['an-unrelated-name'] });
      assert.equal(after.refusal, null);
      await store.close();
    });

    test('walks downwards, with repeats and name searches between, are walks too; scattered numbers are not', async () => {
      const { store } = await factory(policyWith({ KOHYO_LIMIT_PER_MINUTE: '1000' }));
      const down = client();
      const steps = [500_000_000_000, 499_999_999_900, 499_999_999_900, 499_999_999_899, 499_999_999_850];
      for (const [i, base] of steps.entries())
        assert.equal((await check(store, down, T0 + i, { bases: [base] })).refusal, null);
      assert.equal((await check(store, down, T0 + 5, { terms: ['a-name'] })).refusal, null);
      assert.equal(
        (await check(store, down, T0 + 6, { bases: [499_999_999_849] })).refusal,
        'automated_enumeration_detected',
      );

      const wandering = client();
      const bases = [10_000, 10_050, 10_020, 10_090, 10_300, 10_301, 10_302, 10_303];
      for (const [i, base] of bases.entries()) {
        assert.equal((await check(store, wandering, T0 + i, { bases: [base] })).refusal, null, `base ${base}`);
      }
      await store.close();
    });

    test('walks that are never five in a row are refused at the look-up that completes one', async () => {
      const { store } = await factory(policyWith({ KOHYO_LIMIT_PER_MINUTE: '1000' }));
      const start = 300_000_000_000;
      const interleaved = [0, 1, 2, 3, 4].flatMap((step) => [100, 500, 900].map((offset) => offset + step));
      const cases: [number[], number, string][] = [
        [[0, 3, 2, 5, 4, 7, 6, 9, 8, 11], 8, 'a zig-zag, +3 −1: 0, 3, 5, 7, 9 go up'],
        [interleaved, 13, 'three walks interleaved, A B C A B C …: the fifth number of A'],
        // blocks that go up, each below the one before: runs of at most four either way, ten nearby numbers
        [[7, 8, 9, 10, 4, 5, 6, 1, 2, 3], 10, 'ten nearby numbers in any order'],
      ];
      for (const [steps, refusedAt, why] of cases) {
        const key = client();
        const refusals = [];
        for (const [i, step] of steps.entries())
          refusals.push((await check(store, key, T0 + i, { bases: [start + step] })).refusal);
        assert.equal(refusals.indexOf('automated_enumeration_detected') + 1, refusedAt, why);
        assert.ok(
          refusals.slice(0, refusedAt - 1).every((refusal) => refusal === null),
          why,
        );
      }
      await store.close();
    });

    test('unrelated companies, each looked up on several endpoints in turn, are never refused', async () => {
      const { store } = await factory(policyWith({ KOHYO_LIMIT_PER_MINUTE: '1000' }));
      const key = client();
      // a few related companies (nearby numbers, out of order) among unrelated ones
      const companies = [180_301_018_771, 10_001_001_111, 10_001_001_879, 10_001_001_850, 10_001_201_941, 12_010_019];
      const visits = [0, 1, 2].flatMap(() => companies.flatMap((base) => [base, base]));
      for (const [i, base] of visits.entries()) {
        const decision = await check(store, key, T0 + i, { bases: [base], terms: [`n${base}`] });
        assert.equal(decision.refusal, null, `look-up ${i + 1}`);
      }
      await store.close();
    });

    test('five unrelated Corporate Numbers are never refused', async () => {
      const { store } = await factory(policyWith());
      const key = client();
      const bases = [180_301_018_771, 10_001_001_111, 10_001_001_879, 10_001_201_941, 12_010_019];
      for (const [i, base] of bases.entries()) {
        assert.equal((await check(store, key, T0 + i * S, { bases: [base], terms: [`n${base}`] })).refusal, null);
      }
      await store.close();
    });

    test('a refused request records nothing: its terms and numbers do not feed enumeration', async () => {
      const { store } = await factory(policyWith({ KOHYO_LIMIT_PER_MINUTE: '1', KOHYO_ENUM_DISTINCT_TERMS: '2' }));
      const key = client();
      assert.equal((await check(store, key, T0, { terms: ['a'] })).refusal, null);
      assert.equal((await check(store, key, T0 + 1, { terms: ['b', 'c', 'd'] })).refusal, 'rate_limited');
      assert.equal((await check(store, key, T0 + 60 * S, { terms: ['b'] })).refusal, null);
      await store.close();
    });

    describe('an address is also a client, with a larger allowance', () => {
      const address = () => `address-${process.pid}-${nextKey++}`;

      test('30 requests from 30 clients of one address pass; the 31st is refused by the address', async () => {
        const { store } = await factory(policyWith());
        const [home, other] = [address(), address()];
        for (let i = 0; i < 30; i++) {
          const d = await check(store, client(), T0 + i * 100, { address: home });
          assert.equal(d.refusal, null, `request ${i + 1}`);
          // each client has 9 left; from the 22nd request on its address has fewer, and the decision speaks of it
          assert.deepEqual([d.scope, d.minute.used], i >= 21 ? ['address', i + 1] : ['client', 1], `request ${i + 1}`);
        }
        const refused = await check(store, client(), T0 + 5 * S, { address: home });
        assert.equal(refused.refusal, 'rate_limited');
        assert.equal(refused.scope, 'address');
        assert.equal(refused.retryAt, T0 + 60 * S);
        assert.equal(refused.minute.used, 30, "the address's window");
        assert.equal(
          (await check(store, client(), T0 + 5 * S, { address: other })).refusal,
          null,
          'another address is apart',
        );
        assert.equal(
          (await check(store, client(), T0 + 60 * S, { address: home })).refusal,
          null,
          'the first left the window',
        );
        await store.close();
      });

      test("a client's own limit still binds first, and says so", async () => {
        const { store } = await factory(policyWith());
        const [home, key] = [address(), client()];
        for (let i = 0; i < 10; i++) await check(store, key, T0 + i, { address: home });
        const refused = await check(store, key, T0 + 10, { address: home });
        assert.deepEqual([refused.refusal, refused.scope, refused.minute.used], ['rate_limited', 'client', 10]);
        await store.close();
      });

      test('a request refused by either scope counts in neither', async () => {
        const { store } = await factory(policyWith({ KOHYO_LIMIT_PER_MINUTE: '2', KOHYO_ADDRESS_LIMIT_FACTOR: '3' }));
        const home = address();
        const [a, b, c, d] = [client(), client(), client(), client()];
        for (const key of [a, a, b, b]) assert.equal((await check(store, key, T0, { address: home })).refusal, null);
        const byClient = await check(store, a, T0 + 1, { address: home });
        assert.deepEqual([byClient.refusal, byClient.scope], ['rate_limited', 'client']);
        // had a's refused request counted for the address, c's second would find it full
        for (const key of [c, c]) assert.equal((await check(store, key, T0 + 2, { address: home })).refusal, null);
        const byAddress = await check(store, d, T0 + 3, { address: home });
        assert.deepEqual([byAddress.refusal, byAddress.scope], ['rate_limited', 'address']);
        // a minute on: d was never counted, so it has its whole allowance
        const later = await check(store, d, T0 + 60 * S + 3, { address: home });
        assert.deepEqual([later.refusal, later.scope, later.minute.used], [null, 'client', 1]);
        await store.close();
      });

      test('Corporate Numbers walked by five clients of one address are a run of the address, refused for the cool-down', async () => {
        const { store } = await factory(policyWith());
        const [home, elsewhere] = [address(), address()];
        const start = 205_000_000_000;
        for (let i = 0; i < 4; i++) {
          assert.equal(
            (await check(store, client(), T0 + i * S, { address: home, bases: [start + i * 3] })).refusal,
            null,
            `step ${i + 1}`,
          );
        }
        const fifth = await check(store, client(), T0 + 4 * S, { address: home, bases: [start + 12] });
        assert.deepEqual(
          [fifth.refusal, fifth.scope, fifth.retryAt],
          ['automated_enumeration_detected', 'address', T0 + 4 * S + 3600 * S],
        );
        const bystander = await check(store, client(), T0 + 600 * S, { address: home, terms: ['a-name'] });
        assert.deepEqual(
          [bystander.refusal, bystander.scope],
          ['automated_enumeration_detected', 'address'],
          'the whole address cools down',
        );
        assert.equal(
          (await check(store, client(), T0 + 600 * S, { address: elsewhere, bases: [start + 15] })).refusal,
          null,
        );
        assert.equal(
          (await check(store, client(), T0 + 4 * S + 3600 * S, { address: home })).refusal,
          null,
          'after the cool-down',
        );
        await store.close();
      });

      test("issue 92: one client's walk refuses that client alone; a neighbour is answered, on the walk's next number too", async () => {
        const { store } = await factory(policyWith());
        const home = address();
        const [walker, neighbour, other] = [client(), client(), client()];
        const start = 208_000_000_000;
        for (let i = 0; i < 4; i++)
          assert.equal((await check(store, walker, T0 + i * S, { address: home, bases: [start + i] })).refusal, null);
        const fifth = await check(store, walker, T0 + 4 * S, { address: home, bases: [start + 4] });
        assert.deepEqual(
          [fifth.refusal, fifth.scope, fifth.retryAt],
          ['automated_enumeration_detected', 'client', T0 + 4 * S + 3600 * S],
        );
        const asked = await check(store, neighbour, T0 + 5 * S, { address: home, terms: ['a-name'] });
        assert.deepEqual([asked.refusal, asked.scope], [null, 'client'], 'the address is not refused');
        // the number the walker was refused: the address's walk is five, but four of them one client's
        const next = await check(store, neighbour, T0 + 6 * S, { address: home, bases: [start + 4] });
        assert.equal(next.refusal, null, "one neighbour's look-up on a client's walk is no evidence of a walk");
        assert.equal(
          (await check(store, walker, T0 + 7 * S, { address: home, terms: ['a-name'] })).refusal,
          'automated_enumeration_detected',
          'the walker stays refused',
        );
        // a second neighbour's step on it makes two numbers the walker did not look up: the address is refused, three
        // clients in the walk, for three fifths of the hour
        const third = await check(store, other, T0 + 8 * S, { address: home, bases: [start + 5] });
        assert.deepEqual(
          [third.refusal, third.scope, third.retryAt],
          ['automated_enumeration_detected', 'address', T0 + 8 * S + 2160 * S],
        );
        await store.close();
      });

      test('issue 92: two clients walking together refuse their address, for a cool-down in proportion to them', async () => {
        const { store } = await factory(policyWith());
        const home = address();
        const [a, b] = [client(), client()];
        const start = 209_000_000_000;
        const decisions = [];
        for (let i = 0; i < 5; i++)
          decisions.push(
            await check(store, i % 2 === 0 ? a : b, T0 + i * S, { address: home, bases: [start + i * 2] }),
          );
        assert.deepEqual(
          decisions.slice(0, 4).map((d) => d.refusal),
          [null, null, null, null],
        );
        // a's 0, 4, 8 and b's 2, 6: neither client's run is five, the address's is, two fifths of it b's
        const last = decisions[4]!;
        assert.deepEqual(
          [last.refusal, last.scope, last.retryAt],
          ['automated_enumeration_detected', 'address', T0 + 4 * S + 1440 * S],
        );
        const bystander = await check(store, client(), T0 + 1000 * S, { address: home, terms: ['a-name'] });
        assert.deepEqual([bystander.refusal, bystander.scope], ['automated_enumeration_detected', 'address']);
        assert.equal(
          (await check(store, client(), T0 + 4 * S + 1440 * S, { address: home, terms: ['a-name'] })).refusal,
          null,
          'the address is served once its cool-down is over',
        );
        await store.close();
      });

      test('issue 92: one client alone, whatever it asks, trips no rule of its address', async () => {
        const { store } = await factory(policyWith({ KOHYO_ADDRESS_LIMIT_FACTOR: '2', KOHYO_LIMIT_PER_MINUTE: '40' }));
        const number = (i: number) => ({ bases: [211_000_000_000 + i] });
        const asks: [string, Partial<LimitCheck>[]][] = [
          ['its minute and more', Array.from({ length: 60 }, () => ({}))],
          ['31 distinct terms', Array.from({ length: 31 }, (_, i) => ({ terms: [`alone-${i}`] }))],
          ['a run of five', [0, 1, 2, 3, 4].map(number)],
          ['ten nearby numbers, shuffled', [7, 8, 9, 10, 4, 5, 6, 1, 2, 3].map(number)],
        ];
        for (const [what, asked] of asks) {
          const [home, alone] = [address(), client()];
          const scopes = new Set<string>();
          for (const [i, extra] of asked.entries()) {
            const decision = await check(store, alone, T0 + i * 100, { address: home, ...extra });
            if (decision.refusal !== null) scopes.add(decision.scope);
          }
          assert.deepEqual([...scopes], ['client'], `${what}: refused, as a client`);
          const neighbour = await check(store, client(), T0 + 10 * S, { address: home, ...number(11) });
          assert.equal(neighbour.refusal, null, `${what}: its neighbour is answered`);
        }
        // the 31st term tripped the client's own rule and counted nowhere: its address holds 30 of its 60
        const [home, alone, neighbour] = [address(), client(), client()];
        for (let i = 0; i < 31; i++) await check(store, alone, T0 + i, { address: home, terms: [`alone-${i}`] });
        for (let i = 0; i < 30; i++) {
          const decision = await check(store, neighbour, T0 + S + i, { address: home, terms: [`other-${i}`] });
          assert.equal(decision.refusal, null, `the neighbour's term ${i + 1}`);
        }
        const third = await check(store, client(), T0 + 2 * S, { address: home, terms: ['one-more'] });
        assert.deepEqual([third.refusal, third.scope], ['automated_enumeration_detected', 'address']);
        await store.close();
      });

      test("three walks interleaved, the User-Agent switched every third look-up: refused by the address at A's fifth", async () => {
        const { store } = await factory(policyWith());
        const home = address();
        const starts = [100, 500, 900].map((offset) => 206_000_000_000 + offset);
        const interleaved = [0, 1, 2, 3, 4, 5, 6, 7, 8].flatMap((step) => starts.map((start) => start + step));
        let agent = client();
        const refusals = [];
        for (const [i, base] of interleaved.entries()) {
          if (i % 3 === 0) agent = client();
          const decision = await check(store, agent, T0 + i * 2 * S, { address: home, bases: [base] });
          refusals.push(decision.refusal === null ? null : [decision.refusal, decision.scope]);
        }
        const tripped = ['automated_enumeration_detected', 'address'];
        // the 13th look-up is A's fifth: 100, 101, 102, 103, 104 from five clients; the address cools down from there
        assert.deepEqual(refusals, [...Array<null>(12).fill(null), ...Array<string[]>(15).fill(tripped)]);
        await store.close();
      });

      test('distinct terms: 90 from three clients of one address pass, the 91st trips the address', async () => {
        const { store } = await factory(policyWith({ KOHYO_LIMIT_PER_MINUTE: '1000' }));
        const home = address();
        const clients = [client(), client(), client()];
        for (let i = 0; i < 90; i++) {
          assert.equal(
            (await check(store, clients[i % 3]!, T0 + i, { address: home, terms: [`t-${i}`] })).refusal,
            null,
            `term ${i + 1}`,
          );
        }
        const tripped = await check(store, client(), T0 + 90, { address: home, terms: ['t-90'] });
        assert.deepEqual([tripped.refusal, tripped.scope], ['automated_enumeration_detected', 'address']);
        await store.close();
      });

      test('50 concurrent requests of 50 clients of one address: exactly 30 pass', async () => {
        const { store, open } = await factory(policyWith());
        const stores = [store, ...(await Promise.all([1, 2, 3].map(() => open())))];
        const home = address();
        const decisions = await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            check(stores[i % stores.length]!, client(), T0 + (i % 3), { address: home }),
          ),
        );
        assert.equal(decisions.filter((d) => d.refusal === null).length, 30);
        assert.ok(decisions.every((d) => d.refusal === null || d.scope === 'address'));
        await Promise.all(stores.map((s) => s.close()));
      });

      test("an address's reading counts nothing, changes nothing, and tells what a check would", async () => {
        const { store } = await factory(policyWith());
        const [home, unseen] = [address(), address()];
        for (let i = 0; i < 3; i++) await check(store, client(), T0 + i * S, { address: home });
        const read = async (at: number, which = home) => store.readAddress(which, at);
        for (const at of [T0 + 10 * S, T0 + 10 * S]) {
          const reading = await read(at);
          assert.deepEqual(
            reading && [reading.scope, reading.refusal, reading.minute, reading.day.used],
            ['address', null, { used: 3, freesAt: T0 + 60 * S }, 3],
            'read twice, the same',
          );
        }
        await check(store, client(), T0 + 11 * S, { address: home });
        assert.equal((await read(T0 + 11 * S))?.minute.used, 4, 'the check after the readings counted once');
        const later = await read(T0 + 61 * S);
        assert.deepEqual(later?.minute, { used: 2, freesAt: T0 + 62 * S }, 'the window slides as the check reads it');
        const fresh = await read(T0, unseen);
        assert.deepEqual(fresh && [fresh.refusal, fresh.minute, fresh.day], [
          null,
          { used: 0, freesAt: null },
          { used: 0, freesAt: null },
        ]);
        // an address cooling down after a walk reads as refused, until when
        const walker = address();
        for (let step = 0; step < 5; step++)
          await check(store, client(), T0 + step * S, { address: walker, bases: [207_000_000_000 + step] });
        const cooling = await read(T0 + 10 * S, walker);
        assert.equal(cooling?.refusal, 'automated_enumeration_detected');
        assert.ok((cooling?.retryAt ?? 0) > T0 + 10 * S);
        await store.close();
        const { store: unbounded } = await factory(policyWith({ KOHYO_ADDRESS_LIMIT_FACTOR: '0' }));
        assert.equal(await unbounded.readAddress(home, T0), null, 'no address ceiling: nothing to read');
        await unbounded.close();
      });

      test('without an address, or with the factor 0, there is no address ceiling', async () => {
        for (const [env, withAddress] of [
          [{}, false],
          [{ KOHYO_ADDRESS_LIMIT_FACTOR: '0' }, true],
        ] as const) {
          const { store } = await factory(policyWith(env));
          const home = withAddress ? address() : null;
          for (let i = 0; i < 40; i++)
            assert.equal((await check(store, client(), T0 + i, { address: home })).refusal, null, `request ${i + 1}`);
          await store.close();
        }
      });
    });
  });
}
