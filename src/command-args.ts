// A command's arguments, read by node:util's parseArgs (`--name value`, `--name=value`, positionals), and its
// refusals worded as the command line words a usage error: `unknown option --fast`, `--since needs a value`.
import { parseArgs, type ParseArgsConfig } from 'node:util';

type CommandArgsConfig = Omit<ParseArgsConfig, 'args' | 'strict'>;

/** The parsed arguments, or the message of a usage error (the caller prints it with its usage line). */
export function readCommandArgs<const T extends CommandArgsConfig>(
  args: readonly string[],
  config: T,
): ReturnType<typeof parseArgs<T & { args: string[]; strict: true }>> | string {
  try {
    return parseArgs({ ...config, args: [...args], strict: true });
  } catch (error) {
    const message = usageMessage(error);
    if (message === null) throw error;
    return message;
  }
}

/** parseArgs's own error, in the command line's words; null for any other error. */
function usageMessage(error: unknown): string | null {
  if (!(error instanceof Error) || !('code' in error)) return null;
  // parseArgs names the argument in quotes: Unknown option '--fast', Option '--since <value>' argument missing
  const named = /'([^' ]+)/u.exec(error.message)?.[1] ?? '';
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${named}`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument "${named}"`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      if (/ argument missing$/u.test(error.message)) return `${named} needs a value`;
      if (/ does not take an argument$/u.test(error.message)) return `${named} takes no value`;
      return error.message;
    default:
      return null;
  }
}
