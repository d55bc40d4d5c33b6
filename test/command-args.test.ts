// readCommandArgs: node:util's parseArgs, its refusals worded as the command line's usage errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readCommandArgs } from '../src/command-args.js';

const config = {
  options: { since: { type: 'string' }, force: { type: 'boolean' } },
  allowPositionals: false,
} as const;

test('options as --name value and --name=value, the last given winning', () => {
  for (const args of [['--since', '7d'], ['--since=7d'], ['--since', '1d', '--since', '7d']]) {
    const read = readCommandArgs(args, config);
    assert.ok(typeof read !== 'string', read as string);
    assert.equal(read.values.since, '7d', args.join(' '));
  }
  const both = readCommandArgs(['--force', 'a', 'b'], { ...config, allowPositionals: true });
  assert.ok(typeof both !== 'string');
  assert.deepEqual([both.values.force, both.positionals], [true, ['a', 'b']]);
});

test('a usage error is a message naming the argument', () => {
  const cases: readonly (readonly [string[], string])[] = [
    [['--fast'], 'unknown option --fast'],
    [['-x'], 'unknown option -x'],
    [['--since'], '--since needs a value'],
    [['--force=yes'], '--force takes no value'],
    [['file.csv'], 'unexpected argument "file.csv"'],
  ];
  for (const [args, message] of cases) assert.equal(readCommandArgs(args, config), message, args.join(' '));
});
