// Counts the assertions in the service's code (src/, the tests beside source modules apart) from TypeScript's own
// syntax tree, so that a comment, a string or an `import { a as b }` is never counted: type assertions (`x as T`,
// `<T>x`), const assertions (`as const`) and non-null assertions (`x!`). `--files` lists the files with type
// assertions. Run: npm run casts [-- --files]
import ts from 'typescript';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

interface Counts {
  typeAssertions: number;
  constAssertions: number;
  nonNullAssertions: number;
}

function countsOf(path: string): Counts {
  const text = readFileSync(path, 'utf8');
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const counts: Counts = { typeAssertions: 0, constAssertions: 0, nonNullAssertions: 0 };
  const visit = (node: ts.Node): void => {
    if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
      const isConst = ts.isTypeReferenceNode(node.type) && node.type.typeName.getText(source) === 'const';
      if (isConst) counts.constAssertions++;
      else counts.typeAssertions++;
    } else if (ts.isNonNullExpression(node)) counts.nonNullAssertions++;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return counts;
}

const files = execFileSync('git', ['ls-files', 'src'], { encoding: 'utf8' })
  .split('\n')
  .filter((path) => /\.tsx?$/u.test(path) && !path.endsWith('.test.ts'));
const total: Counts = { typeAssertions: 0, constAssertions: 0, nonNullAssertions: 0 };
const byFile: [string, number][] = [];
for (const path of files) {
  const counts = countsOf(path);
  total.typeAssertions += counts.typeAssertions;
  total.constAssertions += counts.constAssertions;
  total.nonNullAssertions += counts.nonNullAssertions;
  if (counts.typeAssertions > 0) byFile.push([path, counts.typeAssertions]);
}
console.log(`files read: ${files.length} (src/, tests apart)`);
console.log(`type assertions (x as T, <T>x): ${total.typeAssertions}`);
console.log(`const assertions (as const):    ${total.constAssertions}`);
console.log(`every \`as\` (both of the above): ${total.typeAssertions + total.constAssertions}`);
console.log(`non-null assertions (x!):       ${total.nonNullAssertions}`);
if (process.argv.includes('--files'))
  for (const [path, n] of byFile.sort((a, b) => b[1] - a[1])) console.log(`  ${n}  ${path}`);
