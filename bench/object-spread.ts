// What an object literal costs by its shape in this Node's V8 (`node --import tsx bench/object-spread.ts`): one that
// begins with a spread and then adds fields takes a runtime path, the same fields written out do not
// (test/docs/object-literals.test.ts keeps the request path free of the first; bench/README.md, issue 13).
const base = { id: 'enf_7e93dd8e3f684fbf', company: { name: '合同会社さくら産業' }, authority: 'jftc', source: { url: 'https://example.invalid/' } };
const extra = { law: 'subcontract_act', date: '2026-09-26' };
const sink: unknown[] = new Array(1024);

const shapes: Record<string, (i: number) => unknown> = {
  '{ ...base, law, date }': (i) => ({ ...base, law: extra.law, date: i }),
  '{ ...base, ...extra }': () => ({ ...base, ...extra }),
  '{ kind, ...base, law, date } (a field first)': (i) => ({ kind: 'enforcement', ...base, law: extra.law, date: i }),
  'Object.assign(fresh, { law, date })': (i) => Object.assign({ id: base.id, company: base.company, authority: base.authority, source: base.source }, { law: extra.law, date: i }),
  'every field written out': (i) => ({ id: base.id, company: base.company, authority: base.authority, source: base.source, law: extra.law, date: i }),
  '{ ...base } (a copy, nothing added)': () => ({ ...base }),
};

const ROUNDS = 5;
const CALLS = 200_000;
for (const [shape, build] of Object.entries(shapes)) {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < ROUNDS; round++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < CALLS; i++) sink[i & 1023] = build(i);
    best = Math.min(best, Number(process.hrtime.bigint() - started) / CALLS);
  }
  console.log(`${best.toFixed(0).padStart(6)} ns  ${shape}`);
}
