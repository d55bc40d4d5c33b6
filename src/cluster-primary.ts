// KOHYO_WORKERS > 1: the primary process forks the server processes and stops them together; it serves nothing itself.
import cluster from 'node:cluster';
import type { Logger } from 'pino';

/**
 * Forks `workers` copies of this program; they share the listening port through node:cluster and their limits
 * through Redis (main.ts refuses more than one worker without REDIS_URL). A worker that dies takes the others down
 * with it and the primary exits non-zero, so that the supervisor (systemd, a container runtime) restarts the whole,
 * rather than this process restarting a worker that fails at every start.
 */
export function runPrimary(workers: number, logger: Logger): void {
  let stopping = false;
  for (let i = 0; i < workers; i++) cluster.fork();
  logger.info({ workers }, 'started server processes');
  cluster.on('exit', (worker, code, signal) => {
    if (!stopping) {
      logger.error({ pid: worker.process.pid, code, signal }, 'a server process stopped: stopping the others');
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      process.exitCode = 1;
    }
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
  });
  const stop = (signal: NodeJS.Signals) => {
    logger.info({ signal }, 'closing server processes');
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}
