// The package's version (package.json's `version`), read once: what the MCP server and the OpenAPI document say they
// are, so that one number names a release wherever it is shown (CHANGELOG.md's versions are the package's too).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isRecord } from './lib/is-object.js';

/** The nearest package.json above this module: the checkout's from src/ (tsx) and from dist/src/, the image's too. */
function packageFile(): string {
  for (let folder = dirname(fileURLToPath(import.meta.url)); ; folder = dirname(folder)) {
    const file = join(folder, 'package.json');
    if (existsSync(file)) return file;
    if (dirname(folder) === folder) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
  }
}

/** The `version` of a package.json's text. */
export function versionOf(packageJson: string): string {
  const parsed: unknown = JSON.parse(packageJson);
  if (!isRecord(parsed) || typeof parsed.version !== 'string') throw new Error('package.json has no version');
  return parsed.version;
}

export const PACKAGE_VERSION = versionOf(readFileSync(packageFile(), 'utf8'));
