// Attackers on many connections, run in a child process of their own (so that their sockets and CPU are not the
// test's or the benchmark's), for the bounds on connections (issue 79): `slow-heads` holds `perAddress` connections
// from each of `addresses` loopback addresses, each sending a byte of a request head every `byteEveryMs`, each opened
// again as soon as the server closes it; `reconnect` holds `idle` silent connections from one address and runs `loops`
// loops that each open a connection again as soon as the server closes it. It runs `seconds`, prints one JSON line
// `{"ready":true,…}` once every connection has been opened once, and a last line with what it did.
//   node --import tsx test/helpers/slow-clients.ts '<json of SlowClientsPlan>'
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { connect, type Socket } from 'node:net';

export interface SlowClientsPlan {
  readonly url: string;
  readonly mode: 'slow-heads' | 'reconnect';
  /** The loopback addresses to connect from (slow-heads: each holds `perAddress`; reconnect: the first). */
  readonly addresses: readonly string[];
  readonly perAddress?: number;
  readonly byteEveryMs?: number;
  readonly idle?: number;
  readonly loops?: number;
  readonly seconds: number;
}

interface SlowClientsReport {
  /** Connections opened in all (each counts once, however long it lived). */
  readonly opened: number;
  /** Connections the server closed. */
  readonly closedByServer: number;
  /** Connections open at the end. */
  readonly openAtEnd: number;
}

const HEAD = 'GET /health HTTP/1.1\r\nHost: localhost\r\nUser-Agent: slow-client\r\nX-Pad: ' + 'x'.repeat(4000);

/** The loopback address of attacker `i`, each in an IPv4 /24 of its own (127.1.0.1, 127.1.1.1, …): no network ceiling helps. */
export function attackerAddress(i: number): string {
  return `127.${1 + Math.floor(i / 256)}.${i % 256}.1`;
}

async function run(plan: SlowClientsPlan): Promise<SlowClientsReport> {
  const { hostname, port } = new URL(plan.url);
  const end = Date.now() + plan.seconds * 1000;
  let opened = 0;
  let closedByServer = 0;
  const open = new Set<Socket>();
  /** Opens one connection from `address`, and again whenever the server closes it, until the end. */
  const keep = (address: string, trickle: boolean, first: () => void): void => {
    if (Date.now() >= end) return;
    const socket = connect({ host: hostname, port: Number(port), localAddress: address });
    opened++;
    open.add(socket);
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      first();
      if (!trickle) return;
      timer = setInterval(() => {
        if (sent < HEAD.length) socket.write(HEAD[sent++]!);
      }, plan.byteEveryMs ?? 5000);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      open.delete(socket);
      if (Date.now() < end) {
        closedByServer++;
        first();
        keep(address, trickle, () => undefined);
      }
    });
  };
  let waiting = 0;
  let announced = false;
  const oneOpened = () => {
    waiting--;
    if (waiting === 0 && !announced) {
      announced = true;
      console.log(JSON.stringify({ ready: true, opened }));
    }
  };
  if (plan.mode === 'slow-heads') {
    waiting = plan.addresses.length * (plan.perAddress ?? 32);
    for (const address of plan.addresses)
      for (let i = 0; i < (plan.perAddress ?? 32); i++) keep(address, true, once(oneOpened));
  } else {
    const [address = '127.0.0.61'] = plan.addresses;
    waiting = (plan.idle ?? 32) + (plan.loops ?? 50);
    for (let i = 0; i < (plan.idle ?? 32); i++) keep(address, false, once(oneOpened));
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (let i = 0; i < (plan.loops ?? 50); i++) keep(address, false, once(oneOpened));
  }
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, end - Date.now())));
  const openAtEnd = open.size;
  for (const socket of open) socket.destroy();
  return { opened, closedByServer, openAtEnd };
}

export interface SlowClients {
  /** Resolves once every connection has been opened once. */
  readonly ready: Promise<void>;
  /** Resolves with the report when the child ends (after `seconds`). */
  readonly done: Promise<SlowClientsReport>;
  readonly pid: number | undefined;
}

/** Runs the plan in a child process of its own. */
export function startSlowClients(plan: SlowClientsPlan): SlowClients {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), JSON.stringify(plan)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  let readyNow: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (readyNow = resolve));
  const done = new Promise<SlowClientsReport>((resolve, reject) => {
    let last: SlowClientsReport | undefined;
    lines.on('line', (line) => {
      const parsed = JSON.parse(line) as SlowClientsReport & { ready?: boolean };
      if (parsed.ready === true) readyNow();
      else last = parsed;
    });
    child.once('exit', (code) => {
      readyNow();
      if (last !== undefined) resolve(last);
      else reject(new Error(`the slow clients ended with ${code} and no report`));
    });
  });
  return { ready, done, pid: child.pid };
}

function once(f: () => void): () => void {
  let called = false;
  return () => {
    if (called) return;
    called = true;
    f();
  };
}

if (process.argv[1]?.endsWith('slow-clients.ts')) {
  const plan = JSON.parse(process.argv[2] ?? '{}') as SlowClientsPlan;
  run(plan).then(
    (report) => {
      console.log(JSON.stringify(report));
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
