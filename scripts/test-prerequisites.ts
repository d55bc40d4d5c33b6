// What the tests need from the system (Debian packages), run first by `npm test`: installs what is missing when it
// can (as root, or with passwordless sudo), saying what it installs; otherwise fails with the command that would.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface Prerequisite {
  /** A program (a name looked up on PATH, or an absolute path) or a file (an absolute path). */
  readonly needs: string;
  readonly kind: 'program' | 'file';
  /** The Debian package that brings it. */
  readonly debianPackage: string;
  readonly why: string;
}

export const PREREQUISITES: readonly Prerequisite[] = [
  {
    needs: 'redis-server',
    kind: 'program',
    debianPackage: 'redis-server',
    why: 'the limiter tests start a real Redis (test/helpers/redis-server.ts)',
  },
  {
    needs: '/usr/bin/chromium',
    kind: 'program',
    debianPackage: 'chromium',
    why: 'the API reference page is tested in headless Chromium (test/http/docs-page.test.ts)',
  },
  {
    needs: '/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf',
    kind: 'file',
    debianPackage: 'fonts-ipafont-gothic',
    why: 'the PDF table parser is tested on PDFs written with a Japanese font (test/helpers/pdf.ts)',
  },
  {
    needs: 'xmllint',
    kind: 'program',
    debianPackage: 'libxml2-utils',
    why: "the Atom feeds are validated against RFC 4287's RELAX NG schema (test/http/feeds/atom-feed.test.ts)",
  },
  {
    // in /usr/sbin, which a user's PATH may lack
    needs: '/usr/sbin/nginx',
    kind: 'program',
    debianPackage: 'nginx',
    why: "the example reverse proxy's configuration is checked with nginx -t (test/docs/reverse-proxy.test.ts)",
  },
];

/** The one command that installs these packages on Debian, for a person to run. */
export function installCommand(packages: readonly string[]): string {
  return `sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`;
}

/** The message a test fails with when something of PREREQUISITES is missing anyway. */
export function missingMessage(needs: string): string {
  const wanted = PREREQUISITES.find((p) => p.needs === needs);
  const install = wanted === undefined ? '' : `: ${installCommand([wanted.debianPackage])}`;
  return `${needs} is missing${install} (npm test installs it when it runs as root or with passwordless sudo)`;
}

type Log = (text: string) => void;

export interface System {
  /** Whether the path can be run (X_OK) or, for a file, read (R_OK). */
  readonly usable: (path: string, kind: Prerequisite['kind']) => boolean;
  readonly path: string;
  readonly isRoot: boolean;
  readonly hasPasswordlessSudo: () => boolean;
}

export function isPresent({ needs, kind }: Prerequisite, system: Pick<System, 'usable' | 'path'>): boolean {
  if (needs.startsWith('/')) return system.usable(needs, kind);
  return system.path.split(delimiter).some((dir) => dir !== '' && system.usable(join(dir, needs), kind));
}

export type Plan =
  | { readonly kind: 'ready' }
  | { readonly kind: 'install'; readonly sudo: boolean; readonly missing: readonly Prerequisite[] }
  | { readonly kind: 'cannot'; readonly missing: readonly Prerequisite[] };

/** What to do: nothing, install the missing packages (through sudo when not root), or stop and say how. */
export function plan(system: System, prerequisites: readonly Prerequisite[] = PREREQUISITES): Plan {
  const missing = prerequisites.filter((p) => !isPresent(p, system));
  if (missing.length === 0) return { kind: 'ready' };
  if (system.isRoot) return { kind: 'install', sudo: false, missing };
  if (system.hasPasswordlessSudo()) return { kind: 'install', sudo: true, missing };
  return { kind: 'cannot', missing };
}

function describe(missing: readonly Prerequisite[]): string {
  return missing.map((p) => `  ${p.needs} (package ${p.debianPackage}): ${p.why}`).join('\n');
}

/** Runs apt-get (KOHYO_APT_GET names another program, for the tests of this script) and says whether it succeeded. */
function aptGet(args: readonly string[], sudo: boolean, env: NodeJS.ProcessEnv, log: Log): boolean {
  const program = env.KOHYO_APT_GET ?? 'apt-get';
  const [command, ...rest] = sudo
    ? ['sudo', '-n', 'env', 'DEBIAN_FRONTEND=noninteractive', program, ...args]
    : [program, ...args];
  log(`$ ${[command, ...rest].join(' ')}`);
  const result = spawnSync(command, rest, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

function usable(path: string, kind: Prerequisite['kind']): boolean {
  try {
    accessSync(path, kind === 'program' ? constants.X_OK : constants.R_OK);
    return true;
  } catch {
    return false;
  }
}

export function systemOf(env: NodeJS.ProcessEnv): System {
  return {
    usable,
    path: env.PATH ?? '',
    isRoot: process.getuid?.() === 0,
    hasPasswordlessSudo: () => spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0,
  };
}

/** The exit status: 0 when everything is there (installed now or before), 1 otherwise. */
export function ensurePrerequisites(
  env: NodeJS.ProcessEnv,
  system: System = systemOf(env),
  log: Log = console.error,
): number {
  const decided = plan(system);
  if (decided.kind === 'ready') return 0;
  const packages = decided.missing.map((p) => p.debianPackage);
  if (decided.kind === 'cannot') {
    log(
      `The tests need what is not installed here:\n${describe(decided.missing)}\nInstall it, then run npm test again:\n  ${installCommand(packages)}`,
    );
    return 1;
  }
  log(`npm test: installing what the tests need from Debian (${packages.join(', ')}):\n${describe(decided.missing)}`);
  if (!aptGet(['update'], decided.sudo, env, log) || !aptGet(['install', '-y', ...packages], decided.sudo, env, log)) {
    log(`apt-get failed; install it yourself, then run npm test again:\n  ${installCommand(packages)}`);
    return 1;
  }
  const still = decided.missing.filter((p) => !isPresent(p, system));
  if (still.length > 0) {
    log(`installed, yet still missing:\n${describe(still)}`);
    return 1;
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = ensurePrerequisites(process.env);
