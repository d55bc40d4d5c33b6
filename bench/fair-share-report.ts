// The tables of bench/fair-share.ts, in Markdown, so that they can be pasted into bench/README.md as they are.
import type { AttackResult } from './fair-share-attacks.js';
import type { CandidateCost } from './fair-share-catalogue.js';
import type { Latency } from './fair-share-client.js';
import type { MemoryCourse } from './fair-share-unread.js';
import type { VictimResult } from './fair-share-victim.js';
import { markdownTable } from './report.js';

export interface Phase {
  readonly name: string;
  readonly baseline: VictimResult;
  readonly underAttack: VictimResult;
  readonly result: AttackResult & { readonly memory?: MemoryCourse };
  /** The server's CPU over the attack less the victim's own share, in ms. */
  readonly attackerCpuMs: number;
  /** How long the attack ran, its watch after the victim's seconds included. */
  readonly attackSeconds: number;
  /** What the attack (and the victim beside it) added to the server's log, and the attacker's address found in it. */
  readonly log: { readonly bytes: number; readonly addresses: string };
}

const ms = (x: number) => (Number.isNaN(x) ? 'n/a' : x.toFixed(2));
const latency = (l: Latency) => `${ms(l.p50)} / ${ms(l.p99)} / ${ms(l.max)}`;
/** How many of the victim's probes were answered 200, and what the others got. */
function answered(v: VictimResult): string {
  if (v.failed === 0) return `${v.sent}/${v.sent} all`;
  const others = (what: string, tally: VictimResult['healthTally']) =>
    Object.entries(tally.byStatus)
      .filter(([status]) => status !== '200')
      .map(([status, n]) => `${what} ${n}×${status === '0' ? 'none' : status}`);
  const failures = [...others('/health', v.healthTally), ...others('search', v.searchTally)].join(', ');
  return `${v.sent - v.failed}/${v.sent} (${failures})`;
}

export function reportPhases(phases: readonly Phase[]): void {
  console.log("\n1. the victim alone (each attack's fresh server, just before the attack):\n");
  console.log(
    markdownTable(
      ['server of', '/health p50 / p99 / max ms', 'search p50 / p99 / max ms', 'probes answered 200', 'statuses'],
      phases.map(({ name, baseline }) => [
        name.slice(0, 3),
        latency(baseline.health),
        latency(baseline.search),
        answered(baseline),
        `${baseline.healthTally.describe()}; search ${baseline.searchTally.describe()}`,
      ]),
    ),
  );
  console.log('\n2. the victim under each attack, and what the attacker got:\n');
  console.log(
    markdownTable(
      [
        'attack',
        'victim /health p50 / p99 / max ms',
        'p99 vs alone',
        'search max ms',
        'victim answered 200',
        'attacker requests',
        'attacker answers',
        'server CPU ms/attacker req',
        'bytes/attacker req',
      ],
      phases.map(({ name, baseline, underAttack, result, attackerCpuMs }) => [
        name,
        latency(underAttack.health),
        `${(underAttack.health.p99 / baseline.health.p99).toFixed(2)}×`,
        ms(underAttack.search.max),
        answered(underAttack),
        String(result.requests),
        result.answers.describe() || 'unread',
        result.requests === 0 ? 'n/a' : (attackerCpuMs / result.requests).toFixed(3),
        result.requests === 0 ? 'n/a' : (result.answers.bytes / result.requests).toFixed(0),
      ]),
    ),
  );
  console.log('');
  for (const { name, result, attackSeconds, attackerCpuMs, log } of phases) {
    console.log(
      `${name.slice(0, 3)}: ${result.note}; ${attackSeconds.toFixed(1)} s, server CPU ${attackerCpuMs.toFixed(0)} ms less the victim's; ` +
        `the server's log grew ${(log.bytes / 1024 / 1024).toFixed(2)} MiB, the attacker's address in it: ${log.addresses}`,
    );
    const memory = result.memory;
    if (memory !== undefined) {
      const s = (x: number | null) => (x === null ? 'not within the watch' : `${x.toFixed(1)} s`);
      console.log(
        `    RSS ${memory.beforeMiB.toFixed(1)} MiB before, peak ${memory.peakMiB.toFixed(1)}, ` +
          `${memory.endMiB.toFixed(1)} at the attack's end, ${memory.afterMiB.toFixed(1)} after; ` +
          `every kept connection closed by the server after ${s(memory.closedAfterS)}, RSS back (within 5 MiB) after ${s(memory.backAfterS)}`,
      );
    }
  }
}

export function reportCatalogue(costs: readonly CandidateCost[]): void {
  console.log('\n3. anonymous requests by server CPU, the most expensive first:\n');
  console.log(
    markdownTable(
      ['request', 'CPU µs/req', 'of it system', 'bytes/req (body)', 'answers', 'refused in batch'],
      costs.map((cost) => [
        cost.name,
        cost.cpuUs.toFixed(0),
        cost.systemUs.toFixed(0),
        cost.bytes.toFixed(0),
        cost.answers.describe(),
        String(cost.refusedMessages),
      ]),
    ),
  );
  const first = costs[0];
  if (first !== undefined)
    console.log(`\nthe most expensive: ${first.name}, ${first.cpuUs.toFixed(0)} µs of CPU a request`);
}
