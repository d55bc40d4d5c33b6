// `npm run kohyo -- <command>`: the command line from the build in dist/ when it is current, else from the sources.
//
// JavaScript, not TypeScript, because it picks what runs the TypeScript. The build is what `npm start` and
// `npm run build` leave in dist/ (and what the image ships); through tsx the same code pays for tsx's loader and for
// esbuild's name helper on every closure, so a large NTA import takes longer and much more memory from the sources
// (bench/README.md, "Importing a full NTA file").
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The folders tsconfig.build.json compiles into dist/. */
const SOURCE_FOLDERS = ['src', 'demo'];

/**
 * Whether every source file has its compiled file in dist/, written after the source was last changed. A build that
 * is missing, partial or older than one edit is not current, and the sources run instead: never stale code.
 */
function buildIsCurrent(root) {
  for (const source of SOURCE_FOLDERS.flatMap((folder) => typeScriptFiles(join(root, folder)))) {
    const compiled = join(root, 'dist', relative(root, source)).replace(/\.ts$/u, '.js');
    let compiledAt;
    try {
      compiledAt = statSync(compiled).mtimeMs;
    } catch {
      return false;
    }
    if (compiledAt < statSync(source).mtimeMs) return false;
  }
  return true;
}

function typeScriptFiles(folder) {
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return typeScriptFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

let cli;
if (buildIsCurrent(ROOT)) {
  cli = await import(pathToFileURL(join(ROOT, 'dist', 'src', 'cli.js')).href);
} else {
  const tsx = await import('tsx/esm/api');
  tsx.register();
  cli = await import(pathToFileURL(join(ROOT, 'src', 'cli.ts')).href);
}
cli.runCliProcess();
