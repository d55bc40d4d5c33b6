// `npm run bench:scale` (`--measure typed`, its default): issue 94's measure of what a large register costs an answer
// against the demo's, on the questions people type. The register of each size (bench/scale-dataset.ts, the typed mix
// of records) and the demo are served at once by the production server, the answer cache off; each form of question
// (typed-questions.ts) is asked of /api/v1/search at each size in turn for `seconds`: the server's CPU an answer, every
// answer a 200. Printed: each form's and the mix's CPU an answer and their ratio to the demo, and where the time goes
// for the form dearest at the largest size (the statements' own CPU, in-process, at the demo and at that size).
import { queryPath } from './production-cases.js';
import { markdownTable, median } from './report.js';
import { parseSize, scaleDataset, type ScaleDataset } from './scale-dataset.js';
import {
  measureScaleCase,
  scaleHeaders,
  startScaleServer,
  type CaseFigures,
  type ScaleServer,
} from './scale-measure.js';
import { openInProcessSearch } from './search-in-process.js';
import { timeStatements, type StatementTime } from './statement-times.js';
import { datasetQuestions, TYPED_FORMS, type TypedForm, type TypedQuestions } from './typed-questions.js';

export interface TypedSettings {
  /** The registers measured against the demo (`1m`, `all`: bench:nta's 5,000,000 companies in 5,345,402 rows). */
  readonly sizes: readonly string[];
  readonly seconds: number;
  readonly warmupSeconds: number;
  readonly rounds: number;
  readonly rebuild: boolean;
}

/** The targets of issue 94: a form's ratio and the mix's at a million companies, the mix's at all Japan. */
const TARGETS: Readonly<Record<string, { readonly form?: number; readonly all: number }>> = {
  '1m': { form: 1.5, all: 1.3 },
  all: { all: 1.5 },
};
/** How long the in-process timing of the dearest form runs at each size, in CPU seconds. */
const STATEMENT_SECONDS = 3;
const STATEMENTS_SHOWN = 12;

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

/** Each form's figures at each size for one round: the sizes in turn for a form, in the other order every other form. */
async function measureRound(
  all: readonly Served[],
  settings: TypedSettings,
  round: number,
): Promise<Map<string, Map<TypedForm, CaseFigures>>> {
  const figures = new Map(all.map((s) => [s.label, new Map<TypedForm, CaseFigures>()]));
  for (const [f, form] of TYPED_FORMS.entries()) {
    const order = (round + f) % 2 === 0 ? all : [...all].reverse();
    for (const served of order) {
      process.stdout.write(`  ${served.label}, ${form} … `);
      const figure = await measureScaleCase(
        served.server.server,
        { endpoint: 'search', klass: form },
        served.paths[form],
        settings,
      );
      if (figure.failed > 0) throw new Error(`${served.label}, ${form}: ${figure.failed} answers were not 200`);
      process.stdout.write(
        `${figure.cpuUs.toFixed(0)} µs an answer, p50 ${figure.p50Ms.toFixed(1)} ms, p99 ${figure.p99Ms.toFixed(1)} ms\n`,
      );
      figures.get(served.label)?.set(form, figure);
    }
  }
  return figures;
}

type Rounds = readonly Map<string, Map<TypedForm, CaseFigures>>[];

/** A size's figure of a form in each round. */
function figuresOf(rounds: Rounds, label: string, form: TypedForm): CaseFigures[] {
  return rounds.flatMap((round) => round.get(label)?.get(form) ?? []);
}

/** The mix's CPU an answer in one round: the forms in equal parts. */
function mixUs(round: Map<string, Map<TypedForm, CaseFigures>>, label: string): number {
  const forms = TYPED_FORMS.map((form) => round.get(label)?.get(form)?.cpuUs ?? NaN);
  return forms.reduce((sum, us) => sum + us, 0) / forms.length;
}

/**
 * Each form's CPU an answer (p50 and p99 ms at half of saturation) at the demo and at each size, medians over the
 * rounds, and each size's ratio to the demo: the median of the rounds' own ratios, so that the machine's drift between
 * rounds weighs less.
 */
function ratioTable(rounds: Rounds, demo: string, sizes: readonly string[]): string {
  const cell = (figures: CaseFigures[]) =>
    `${median(figures.map((f) => f.cpuUs)).toFixed(0)} (${median(figures.map((f) => f.p50Ms)).toFixed(1)}, ${median(figures.map((f) => f.p99Ms)).toFixed(1)})`;
  const ratio = (own: number[]) => `${median(own).toFixed(2)}×`;
  const rows = TYPED_FORMS.map((form) => [
    form,
    ...[demo, ...sizes].map((label) => cell(figuresOf(rounds, label, form))),
    ...sizes.map((label) =>
      ratio(rounds.map((r) => (r.get(label)?.get(form)?.cpuUs ?? NaN) / (r.get(demo)?.get(form)?.cpuUs ?? NaN))),
    ),
  ]);
  rows.push([
    'in all',
    ...[demo, ...sizes].map((label) => median(rounds.map((r) => mixUs(r, label))).toFixed(0)),
    ...sizes.map((label) => ratio(rounds.map((r) => mixUs(r, label) / mixUs(r, demo)))),
  ]);
  return markdownTable(
    [
      'question',
      ...[demo, ...sizes].map((label) => `${label}: µs (p50, p99 ms)`),
      ...sizes.map((label) => `${label} / ${demo}`),
    ],
    rows,
  );
}

/** Whether each size meets issue 94's targets, in words. */
function targetsMet(rounds: Rounds, demo: string, sizes: readonly string[]): string[] {
  return sizes.flatMap((label) => {
    const target = TARGETS[label];
    if (target === undefined) return [];
    const all = median(rounds.map((r) => mixUs(r, label) / mixUs(r, demo)));
    const forms = TYPED_FORMS.map((form) => ({
      form,
      ratio: median(
        rounds.map((r) => (r.get(label)?.get(form)?.cpuUs ?? NaN) / (r.get(demo)?.get(form)?.cpuUs ?? NaN)),
      ),
    }));
    const over = target.form === undefined ? [] : forms.filter((f) => f.ratio > target.form!);
    const met = all <= target.all && over.length === 0;
    return [
      `${label}: ${met ? 'meets' : 'misses'} the target (in all at most ${target.all}${target.form === undefined ? '' : `, each form at most ${target.form}`}): in all ${all.toFixed(2)}${over.map((f) => `, ${f.form} ${f.ratio.toFixed(2)}`).join('')}`,
    ];
  });
}

/** The statements' own CPU µs an answer over a form's questions in-process, and the answer's whole CPU. */
function statementTimes(dataset: ScaleDataset, questions: readonly string[]) {
  const { store, answer } = openInProcessSearch(dataset.path);
  try {
    for (const q of questions) answer(q);
    let answers = 0;
    const start = process.cpuUsage();
    const spent = () => {
      const used = process.cpuUsage(start);
      return used.user + used.system;
    };
    const times = timeStatements(() => {
      while (spent() < STATEMENT_SECONDS * 1e6 || answers === 0)
        for (const q of questions) {
          answer(q);
          answers++;
        }
    });
    return {
      answerUs: spent() / answers,
      times: times.map((t) => ({ ...t, runs: t.runs / answers, us: t.us / answers })),
    };
  } finally {
    store.close();
  }
}

/**
 * Where the time goes for a form: each statement's own CPU µs an answer (and runs an answer) at the demo and at the
 * size, dearest at the size first, in-process (the answer's own CPU with the statements timed, which adds a little).
 */
function whereTimeGoes(form: TypedForm, demo: Served, size: Served): string {
  const atDemo = statementTimes(demo.dataset, demo.questions[form]);
  const atSize = statementTimes(size.dataset, size.questions[form]);
  const demoBySql = new Map<string, StatementTime>(atDemo.times.map((t) => [t.sql, t]));
  const sum = (times: readonly StatementTime[]) => times.reduce((s, t) => s + t.us, 0);
  const shown = atSize.times.slice(0, STATEMENTS_SHOWN);
  const rows = shown.map((t, i) => {
    const d = demoBySql.get(t.sql);
    return [
      `s${i + 1}`,
      d === undefined ? '' : `${d.us.toFixed(0)} (${d.runs.toFixed(1)})`,
      `${t.us.toFixed(0)} (${t.runs.toFixed(1)})`,
    ];
  });
  rows.push(
    ['every statement', sum(atDemo.times).toFixed(0), sum(atSize.times).toFixed(0)],
    [
      'the rest (JavaScript)',
      (atDemo.answerUs - sum(atDemo.times)).toFixed(0),
      (atSize.answerUs - sum(atSize.times)).toFixed(0),
    ],
    ['the answer', atDemo.answerUs.toFixed(0), atSize.answerUs.toFixed(0)],
  );
  const table = markdownTable(
    ['statement', `${demo.label}: µs (runs) an answer`, `${size.label}: µs (runs) an answer`],
    rows,
  );
  const sqls = shown.map((t, i) => `s${i + 1}: ${t.sql}`).join('\n');
  return `${table}\n\n${sqls}`;
}

/** Issue 94's measure, printed. */
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
    const rounds: Map<string, Map<TypedForm, CaseFigures>>[] = [];
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
