// What a slower answer costs the server besides its own work (`node --import tsx bench/slow-answer-cost.ts [--rounds N]
// [--busy 0,10,20,40]`): the bare route, after a given number of microseconds of busy work, under the production
// benchmark's load (10 keep-alive connections from a load generator on the same machine). On a machine of two cores,
// a server that answers sooner finds its client still awake; one that answers later must wake it, and the kernel
// charges that to the server's socket write. The difference between the production server and the same app with
// its additions off (`npm run bench`) holds this effect as well as the additions' own work.
import { parseArgs } from 'node:util';
import { BASELINE_BUSY_PATH } from './baseline-app.js';
import { runLoad, type LoadOptions } from './http-load.js';
import { cpuPerRequest, processCpuSplitMs } from './process-cpu.js';
import { markdownTable, median } from './report.js';
import { startServerProcess, type ServerProcess } from './server-process.js';

interface Run {
  readonly userUs: number;
  readonly systemUs: number;
  readonly requestsPerSecond: number;
}

async function measure(server: ServerProcess, busyUs: number, options: LoadOptions): Promise<Run> {
  const paths = [`${BASELINE_BUSY_PATH}?us=${busyUs}`];
  await runLoad(server.url, paths, { ...options, durationSeconds: options.warmupSeconds, warmupSeconds: 0 });
  const { result, userUs, systemUs } = await cpuPerRequest(server.pid, () =>
    runLoad(server.url, paths, { ...options, warmupSeconds: 0 }),
  );
  return { userUs, systemUs, requestsPerSecond: result.requestsPerSecond };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { rounds: { type: 'string', default: '6' }, busy: { type: 'string', default: '0,10,20,40' } },
  });
  const busy = values.busy.split(',').map(Number);
  const options: LoadOptions = { connections: 10, warmupSeconds: 1, durationSeconds: 3 };
  // the figures are the server's CPU time, read from /proc: without it they would all read 0
  if (processCpuSplitMs(process.pid) === null)
    throw new Error("this benchmark reads the server's CPU time from /proc (Linux only)");
  const server = await startServerProcess({ kind: 'baseline' });
  try {
    const runs = new Map<number, Run[]>(busy.map((us) => [us, []]));
    for (let round = 0; round < Number(values.rounds); round++) {
      // every other round in reverse, so that a machine speeding up or slowing down favours no setting
      for (const us of round % 2 === 0 ? busy : [...busy].reverse())
        runs.get(us)!.push(await measure(server, us, options));
    }
    const rows = busy.map((us) => {
      const of = runs.get(us)!;
      const user = median(of.map((r) => r.userUs));
      const system = median(of.map((r) => r.systemUs));
      return [
        String(us),
        median(of.map((r) => r.requestsPerSecond)).toFixed(0),
        (user + system).toFixed(1),
        user.toFixed(1),
        system.toFixed(1),
        (user + system - us).toFixed(1),
      ];
    });
    console.log(
      markdownTable(
        ['busy µs a request', 'req/s', 'server CPU µs/req', 'user', 'system (kernel)', 'CPU besides the busy work'],
        rows,
      ),
    );
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
