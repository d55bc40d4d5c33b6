// The victim of bench/fair-share.ts: one client at 127.0.0.20 asking /health at a steady rate, and now and then a
// company search, within its limits. Probes go out on a schedule, not after the last answer, so that a slow server
// does not thin the probes that would show it.
import { clientFrom, latencyOf, sleep, Tally, type Answer, type Latency } from './fair-share-client.js';

const VICTIM_ADDRESS = '127.0.0.20';

export interface VictimPlan {
  readonly seconds: number;
  readonly healthPerSecond: number;
  /** Company searches, one every `searchEveryMs`, in turn. */
  readonly searches: readonly string[];
  readonly searchEveryMs: number;
  /** Whether its connections are opened (by a /health on each, untimed) before the clock starts. */
  readonly connectedFirst: boolean;
}

export interface VictimResult {
  readonly health: Latency;
  readonly healthTally: Tally;
  readonly search: Latency;
  readonly searchTally: Tally;
  /** Probes sent that got no answer within the timeout, or another status than 200. */
  readonly failed: number;
  readonly sent: number;
}

/** Probes the server for `plan.seconds` and resolves when every probe has its answer or has timed out. */
export async function runVictim(url: string, plan: VictimPlan, user: string): Promise<VictimResult> {
  const headers = { 'user-agent': user };
  const health: Promise<Answer>[] = [];
  const searches: Promise<Answer>[] = [];
  const connections = 4;
  const client = clientFrom(url, VICTIM_ADDRESS, connections);
  if (plan.connectedFirst)
    await Promise.all(Array.from({ length: connections }, () => client.send({ path: '/health', headers })));
  const start = performance.now();
  const end = start + plan.seconds * 1000;
  const healthGapMs = 1000 / plan.healthPerSecond;
  let nextSearch = start;
  for (let next = start; next < end; next += healthGapMs) {
    await sleep(Math.max(0, next - performance.now()));
    health.push(client.send({ path: '/health', headers }));
    if (next >= nextSearch && plan.searches.length > 0) {
      searches.push(client.send({ path: plan.searches[searches.length % plan.searches.length]!, headers }));
      nextSearch += plan.searchEveryMs;
    }
  }
  const [healthAnswers, searchAnswers] = await Promise.all([Promise.all(health), Promise.all(searches)]);
  await client.close();
  const tally = (answers: readonly Answer[]) => {
    const t = new Tally();
    for (const answer of answers) t.add(answer.status, answer.bytes);
    return t;
  };
  const all = [...healthAnswers, ...searchAnswers];
  return {
    health: latencyOf(healthAnswers.map((a) => a.ms)),
    healthTally: tally(healthAnswers),
    search: latencyOf(searchAnswers.map((a) => a.ms)),
    searchTally: tally(searchAnswers),
    failed: all.filter((a) => a.status !== 200).length,
    sent: all.length,
  };
}
