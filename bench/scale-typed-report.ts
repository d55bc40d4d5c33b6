// The tables of `npm run bench:scale`'s typed measure (scale-typed.ts): each form's CPU an answer at each size and its
// ratio to the demo, whether the targets a screening answer is held to are met, and where the time goes for a form
// (the statements' own CPU, in-process, at the demo and at a size).
import { markdownTable, median } from './report.js';
import type { ScaleDataset } from './scale-dataset.js';
import { openInProcessSearch } from './search-in-process.js';
import { timeStatements, type StatementTime } from './statement-times.js';
import { TYPED_FORMS, type TypedForm } from './typed-questions.js';

/** A form's figures at one size in one round. */
export interface FormFigures {
  /** The server's CPU µs an answer over the round's slices. */
  readonly cpuUs: number;
  readonly answers: number;
  /** An open loop's latencies at half the slices' rate (NaN where none was run). */
  readonly p50Ms: number;
  readonly p99Ms: number;
}

/** One round's figures: by size, then by form. */
export type RoundFigures = Map<string, Map<TypedForm, FormFigures>>;

/**
 * The targets a screening answer is held to, about the demo's cost: a form's ratio and the mix's at a million companies,
 * the mix's at all Japan.
 */
const TARGETS: Readonly<Record<string, { readonly form?: number; readonly all: number }>> = {
  '1m': { form: 1.5, all: 1.3 },
  // all Japan (`--sizes all`, which parseSize labels 5m)
  '5m': { all: 1.5 },
};
/** How long the in-process timing of a form runs at each size, in CPU seconds. */
const STATEMENT_SECONDS = 3;
const STATEMENTS_SHOWN = 12;

type Rounds = readonly RoundFigures[];

/** A size's figure of a form in each round. */
export function figuresOf(rounds: Rounds, label: string, form: TypedForm): FormFigures[] {
  return rounds.flatMap((round) => round.get(label)?.get(form) ?? []);
}

/** The mix's CPU an answer in one round: the forms in equal parts. */
function mixUs(round: RoundFigures, label: string): number {
  const forms = TYPED_FORMS.map((form) => round.get(label)?.get(form)?.cpuUs ?? NaN);
  return forms.reduce((sum, us) => sum + us, 0) / forms.length;
}

/**
 * Each form's CPU an answer (p50 and p99 ms at half of saturation) at the demo and at each size, medians over the
 * rounds, and each size's ratio to the demo: the median of the rounds' own ratios, so that the machine's drift between
 * rounds weighs less.
 */
export function ratioTable(rounds: Rounds, demo: string, sizes: readonly string[]): string {
  const cell = (figures: FormFigures[]) =>
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

/** Whether each size meets the targets, in words. */
export function targetsMet(rounds: Rounds, demo: string, sizes: readonly string[]): string[] {
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
export function whereTimeGoes(
  form: TypedForm,
  demo: { readonly label: string; readonly dataset: ScaleDataset; readonly questions: Record<TypedForm, string[]> },
  size: { readonly label: string; readonly dataset: ScaleDataset; readonly questions: Record<TypedForm, string[]> },
): string {
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
