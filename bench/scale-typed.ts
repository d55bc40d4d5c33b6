// `npm run bench:scale` (`--measure typed`, its default): the measure of what a large register costs an answer
// against the demo's, on the questions people type. The register of each size (bench/scale-dataset.ts, the typed mix
// of records) and the demo are served at once by the production server, the answer cache off; each form of question
// (typed-questions.ts) is asked of /api/v1/search at each size in turn for `seconds`: the server's CPU an answer, every
// answer a 200. Printed: each form's and the mix's CPU an answer and their ratio to the demo, and where the time goes
// for the form dearest at the largest size (the statements' own CPU, in-process, at the demo and at that size).
import { runAtRate } from './open-loop.js';
import { queryPath } from './production-cases.js';
import { median } from './report.js';
import { parseSize, scaleDataset, type ScaleDataset } from './scale-dataset.js';
import { closedLoop, openLoopAt, scaleHeaders, startScaleServer, type ScaleServer } from './scale-measure.js';
import {
  figuresOf,
  ratioTable,
  targetsMet,
  whereTimeGoes,
  type FormFigures,
  type RoundFigures,
} from './scale-typed-report.js';
import { datasetQuestions, TYPED_FORMS, type TypedForm, type TypedQuestions } from './typed-questions.js';

export interface TypedSettings {
  /** The registers measured against the demo (`1m`, `all`: bench:nta's 5,000,000 companies in 5,345,402 rows). */
  readonly sizes: readonly string[];
  /** Seconds of each form at each size, in `slices` turns, the sizes in turn in each. */
  readonly seconds: number;
  readonly slices: number;
  readonly warmupSeconds: number;
  /** Seconds of the open loop at half the rate, for p50 and p99 (0: none). */
  readonly latencySeconds: number;
  readonly rounds: number;
  readonly rebuild: boolean;
}

/** A size served: its label, dataset, questions and their paths, and its server. */
interface Served {
  readonly label: string;
  readonly dataset: ScaleDataset;
  readonly questions: TypedQuestions;
  readonly paths: Record<TypedForm, string[]>;
  readonly server: ScaleServer;
}

const searchPath = (q: string) => queryPath('/api/v1/search', { q });

/** Every path asked once more: any answer but a 200 (a refusal, a limit, an error) fails the run before it measures. */
async function checkAnswers(served: Served): Promise<void> {
  const headers = scaleHeaders();
  const wrong: string[] = [];
  for (const path of TYPED_FORMS.flatMap((form) => served.paths[form])) {
    const answer = await fetch(`${served.server.server.url}${path}`, { headers: headers() });
    await answer.arrayBuffer();
    if (answer.status !== 200) wrong.push(`${answer.status} ${decodeURIComponent(path)}`);
  }
  if (wrong.length > 0) throw new Error(`${served.label}: answers not 200:\n${wrong.slice(0, 20).join('\n')}`);
}

async function serve(label: string, dataset: ScaleDataset): Promise<Served> {
  const questions = await datasetQuestions(dataset.path);
  const paths = Object.fromEntries(TYPED_FORMS.map((form) => [form, questions[form].map(searchPath)])) as Record<
    TypedForm,
    string[]
  >;
  const server = await startScaleServer(
    dataset.path,
    TYPED_FORMS.flatMap((form) => paths[form]),
  );
  const served = { label, dataset, questions, paths, server };
  try {
    await checkAnswers(served);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return served;
}

/**
 * A form's figures at each size in one round: after a warm-up of each, `slices` closed loops of `seconds / slices`, the
 * sizes in turn in each, the first in every other one the last (the machine's drift between two sizes' runs, a third
 * or more here, is spread over both); then an open loop at half the rate each size answered, for its latencies. Any
 * answer but a 200 fails the run.
 */
async function measureForm(
  all: readonly Served[],
  form: TypedForm,
  settings: TypedSettings,
  round: number,
): Promise<Map<string, FormFigures>> {
  for (const served of all) await closedLoop(served.server.server, served.paths[form], settings.warmupSeconds);
  const spent = new Map(all.map((served) => [served.label, { us: 0, answers: 0 }]));
  for (let slice = 0; slice < settings.slices; slice++) {
    for (const served of (round + slice) % 2 === 0 ? all : [...all].reverse()) {
      const run = await closedLoop(served.server.server, served.paths[form], settings.seconds / settings.slices);
      const { requests, non2xx, errors } = run.result;
      if (non2xx + errors > 0) throw new Error(`${served.label}, ${form}: ${non2xx + errors} answers were not 200`);
      const total = spent.get(served.label)!;
      total.us += (run.userUs + run.systemUs) * requests;
      total.answers += requests;
    }
  }
  const figures = new Map<string, FormFigures>();
  for (const served of all) {
    const { us, answers } = spent.get(served.label)!;
    const latency = await halfRateLatency(served, form, answers / settings.seconds, settings.latencySeconds);
    const figure = { cpuUs: us / answers, answers, ...latency };
    process.stdout.write(
      `  ${served.label}, ${form}: ${figure.cpuUs.toFixed(0)} µs an answer, p50 ${figure.p50Ms.toFixed(1)} ms, p99 ${figure.p99Ms.toFixed(1)} ms\n`,
    );
    figures.set(served.label, figure);
  }
  return figures;
}

/** An open loop at half of `answeredPerSecond` for `seconds`: its p50 and p99 (NaN for none). */
async function halfRateLatency(served: Served, form: TypedForm, answeredPerSecond: number, seconds: number) {
  if (seconds <= 0) return { p50Ms: NaN, p99Ms: NaN };
  const rate = Math.max(1, Math.round(answeredPerSecond / 2));
  const { url } = served.server.server;
  const result = await runAtRate(url, served.paths[form], openLoopAt(rate, seconds), scaleHeaders());
  const failed = result.non2xx + result.errors;
  if (failed > 0) throw new Error(`${served.label}, ${form}: ${failed} answers at half rate were not 200`);
  return { p50Ms: result.p50Ms, p99Ms: result.p99Ms };
}

/** One round: each form in turn. */
async function measureRound(all: readonly Served[], settings: TypedSettings, round: number): Promise<RoundFigures> {
  const figures: RoundFigures = new Map(all.map((s) => [s.label, new Map<TypedForm, FormFigures>()]));
  for (const form of TYPED_FORMS)
    for (const [label, figure] of await measureForm(all, form, settings, round)) figures.get(label)?.set(form, figure);
  return figures;
}

/** The typed questions' measure, printed. */
export async function runTypedMeasure(settings: TypedSettings): Promise<void> {
  const demoDataset = await scaleDataset(parseSize('demo'), false);
  const datasets: ScaleDataset[] = [];
  for (const size of settings.sizes.map(parseSize)) datasets.push(await scaleDataset(size, settings.rebuild, 'typed'));
  const served: Served[] = [];
  try {
    served.push(await serve('demo', demoDataset));
    for (const dataset of datasets) served.push(await serve(dataset.size.label, dataset));
    for (const s of served)
      console.log(
        `${s.label}: ${TYPED_FORMS.map((form) => `${s.questions[form].length} ${form}`).join(', ')} (${s.dataset.path})`,
      );
    const rounds: RoundFigures[] = [];
    for (let round = 0; round < settings.rounds; round++) {
      console.log(`\n## Round ${round + 1} of ${settings.rounds}`);
      rounds.push(await measureRound(served, settings, round));
    }
    const sizes = served.slice(1).map((s) => s.label);
    console.log(
      `\n## /api/v1/search: the server's CPU µs an answer (p50, p99 ms at half of saturation)${settings.rounds > 1 ? `, medians of ${settings.rounds} rounds` : ''}\n\n${ratioTable(rounds, 'demo', sizes)}\n`,
    );
    for (const line of targetsMet(rounds, 'demo', sizes)) console.log(line);
    for (const s of served) await s.server.stop();
    const [demo, largest] = [served[0], served.at(-1)];
    if (demo === undefined || largest === undefined || largest === demo) return;
    const dearest = TYPED_FORMS.reduce((a, b) =>
      median(figuresOf(rounds, largest.label, b).map((f) => f.cpuUs)) >
      median(figuresOf(rounds, largest.label, a).map((f) => f.cpuUs))
        ? b
        : a,
    );
    console.log(`\n## Where the time goes: ${dearest} at ${largest.label}, in-process, by statement\n`);
    console.log(whereTimeGoes(dearest, demo, largest));
  } finally {
    for (const s of served) await s.server.stop();
  }
}
