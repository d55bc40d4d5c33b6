// Whether a file of the repository declares a name: what the documentation tests check of each file and function
// docs/architecture.md names.
import { readFileSync } from 'node:fs';

const root = new URL('../../', import.meta.url);

/** A path of the code, as docs/architecture.md writes one in backticks. */
export const CODE_PATH = /^(?:src|scripts|demo)\/[\w./-]+\.(?:ts|tsx|mjs)$/u;
const codeOf = (path: string) => readFileSync(new URL(path, root), 'utf8');

/** Whether the file declares `name` (exported or not), or, for `Class.method`, declares the class with the method. */
export function declares(path: string, qualified: string): boolean {
  const [name = '', method] = qualified.split('.');
  const code = codeOf(path);
  if (!new RegExp(`\\b(?:function\\*?|const|let|class|interface|type|enum) ${name}\\b`, 'u').test(code)) return false;
  return method === undefined || new RegExp(`^\\s+(?:async )?${method}\\s*[(<]`, 'mu').test(code);
}
