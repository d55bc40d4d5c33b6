// Starting a worker thread on a module beside its caller: the compiled .js, or under tsx the .ts source.
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker running `<name>.js` beside `callerUrl` (the caller's import.meta.url); under tsx (the tests,
 * the benchmarks) `<name>.ts`, which a worker can only load once it has registered tsx itself.
 */
export function startModuleWorker(callerUrl: string, name: string, options: WorkerOptions): Worker {
  const source = callerUrl.endsWith('.ts');
  const entry = new URL(`./${name}.${source ? 'ts' : 'js'}`, callerUrl);
  if (!source) return new Worker(entry, options);
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { ...options, eval: true });
}
