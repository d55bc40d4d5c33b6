// `kohyo usage report [--since 24h]` and `kohyo usage purge --older-than 90d`: reading and trimming the usage log.
import { readCommandArgs } from '../command-args.js';
import { UsageStore, type Count, type UsageReport } from './store/usage-store.js';

export interface UsageCommandContext {
  readonly usageDbPath: string;
  readonly now: () => Date;
  readonly stdout: (line: string) => void;
  readonly stderr: (line: string) => void;
}

const USAGE = `usage: kohyo usage report [--since DURATION]     requests by endpoint, status and code, top clients, 429s (default 24h)
       kohyo usage purge --older-than DURATION    removes entries older than that (e.g. 90d)
DURATION is a whole number of minutes, hours or days: 90m, 24h, 7d`;

const UNIT_MS = new Map([
  ['m', 60_000],
  ['h', 3_600_000],
  ['d', 86_400_000],
]);

/** A duration written 90m, 24h or 7d, in milliseconds; null when it is not written so. */
export function parseDuration(text: string): number | null {
  const [, count, unit = ''] = /^(\d{1,6})([mhd])$/u.exec(text.trim()) ?? [];
  const unitMs = UNIT_MS.get(unit);
  if (count === undefined || unitMs === undefined) return null;
  return Number(count) * unitMs;
}

/** Returns the exit code: 0 done, 1 no usage log to read, 2 a usage error. */
export function runUsage(args: readonly string[], context: UsageCommandContext): number {
  const [action, ...rest] = args;
  if (action === 'report') {
    const options = readCommandArgs(rest, { options: { since: { type: 'string', default: '24h' } } });
    if (typeof options === 'string') return usageError(context, `report: ${options}`);
    const sinceText = options.values.since;
    const since = parseDuration(sinceText);
    if (since === null) return usageError(context, `--since takes a duration such as 24h, got "${sinceText}"`);
    const store = UsageStore.openExisting(context.usageDbPath);
    if (store === null) {
      context.stderr(
        `kohyo: there is no usage log at ${context.usageDbPath} yet (the server writes it; KOHYO_USAGE_DB)`,
      );
      return 1;
    }
    try {
      const report = store.report(new Date(context.now().getTime() - since));
      for (const line of formatReport(report, sinceText)) context.stdout(line);
    } finally {
      store.close();
    }
    return 0;
  }
  if (action === 'purge') {
    const options = readCommandArgs(rest, { options: { 'older-than': { type: 'string' } } });
    if (typeof options === 'string') return usageError(context, `purge: ${options}`);
    const olderThan = options.values['older-than'];
    if (olderThan === undefined) return usageError(context, 'purge needs --older-than, e.g. --older-than 90d');
    const age = parseDuration(olderThan);
    if (age === null) return usageError(context, `--older-than takes a duration such as 90d, got "${olderThan}"`);
    const store = UsageStore.openExisting(context.usageDbPath);
    if (store === null) {
      context.stdout(`no usage log at ${context.usageDbPath}: nothing to purge`);
      return 0;
    }
    try {
      const before = new Date(context.now().getTime() - age);
      const removed = store.purge(before);
      context.stdout(
        `removed ${removed} usage ${removed === 1 ? 'entry' : 'entries'} older than ${before.toISOString()}`,
      );
    } finally {
      store.close();
    }
    return 0;
  }
  return usageError(
    context,
    action === undefined ? 'usage what? "report" or "purge"' : `unknown usage command "${action}"`,
  );
}

function formatReport(report: UsageReport, sinceText: string): string[] {
  const lines = [
    `usage log since ${report.since} (${sinceText}): ${report.total} ${report.total === 1 ? 'request' : 'requests'}`,
  ];
  const section = <R extends Count>(title: string, rows: readonly R[], extra: (row: R) => string = () => '') => {
    lines.push('', title);
    if (rows.length === 0) lines.push('  (none)');
    const width = Math.max(0, ...rows.map((row) => String(row.requests).length));
    for (const row of rows) lines.push(`  ${String(row.requests).padStart(width)}  ${row.key}${extra(row)}`);
  };
  section('by endpoint', report.byEndpoint);
  section('by status and code', report.byStatus);
  section(
    'top clients by group identifier',
    report.topClientIds,
    (row) => `  (${row.userAgents} ${row.userAgents === 1 ? 'user agent' : 'user agents'})`,
  );
  section(
    'top clients by name (X-Kohyo-Client)',
    report.topClientNames,
    (row) => `  (${row.clientIds} ${row.clientIds === 1 ? 'identifier' : 'identifiers'})`,
  );
  section(
    '429 by code',
    report.refusalsByCode,
    (row) => `  (${row.clientIds} ${row.clientIds === 1 ? 'identifier' : 'identifiers'})`,
  );
  return lines;
}

function usageError(context: UsageCommandContext, message: string): number {
  context.stderr(`kohyo: ${message}\n${USAGE}`);
  return 2;
}
