// The text of /llms.txt: what the service is and how an agent should use it (filled in by the docs work).
import type { Config } from '../config.js';

export function llmsTxt(config: Config): string {
  return `# Kohyo\n\n> Japanese company profiles and public enforcement records, read-only JSON. Pages stop at ${config.maxPage}.\n`;
}
