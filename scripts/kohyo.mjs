#!/usr/bin/env node
// `npm run kohyo -- <command>`: the command line, always from the build in dist/.
//
// In a checkout (src/ is there) it first compiles what changed since the last build (scripts/build.mjs), so an edit
// is never run stale; the image ships dist/ without src/ and runs it as it is. Nothing runs the TypeScript sources
// in production: tsx, a development dependency, is for the tests, benchmarks and generators.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, ROOT } from './build.mjs';

if (existsSync(join(ROOT, 'src')) && build(ROOT, { ifChanged: true }) !== 0) process.exit(1);
const cli = await import(pathToFileURL(join(ROOT, 'dist', 'src', 'cli.js')).href);
cli.runCliProcess();
