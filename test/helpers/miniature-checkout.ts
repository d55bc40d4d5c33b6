// A checkout in miniature for the tests of scripts/build.mjs and scripts/kohyo.mjs: the scripts and the project's
// tsconfig files, its packages (linked), a cli that says which compiled copy of it ran, and a demo file.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Runs `body` on a new checkout in miniature, in a folder of its own, removed after. */
export async function inMiniatureCheckout(body: (root: string) => Promise<void>): Promise<void> {
  const root = miniatureCheckout();
  try {
    await body(root);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

function miniatureCheckout(): string {
  const root = mkdtempSync(join(tmpdir(), 'kohyo-build-'));
  mkdirSync(join(root, 'scripts'));
  for (const file of ['scripts/build.mjs', 'scripts/kohyo.mjs', 'tsconfig.json', 'tsconfig.build.json'])
    copyFileSync(join(ROOT, file), join(root, file));
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
  writeFileSync(join(root, 'package.json'), '{ "type": "module" }');
  writeSource(root, 'src/cli.ts', cliSaying('one'));
  writeSource(root, 'demo/demo-part.ts', 'export const demo = 1;\n');
  return root;
}

/** A cli whose runCliProcess prints a word and its arguments: which compiled copy ran. */
export const cliSaying = (word: string) =>
  `export function runCliProcess(): void {\n  console.log(${JSON.stringify(word)}, process.argv.slice(2).join(' '));\n}\n`;

/** Writes a source file dated a minute ago, as one written before the build. */
function writeSource(root: string, path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
  const minuteAgo = new Date(Date.now() - 60_000);
  utimesSync(join(root, path), minuteAgo, minuteAgo);
  utimesSync(dirname(join(root, path)), minuteAgo, minuteAgo);
}
