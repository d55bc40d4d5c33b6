// Text as a word a POSIX shell reads back as it is: what a command prints for its reader to paste and run.

/** A word for a POSIX shell, in single quotes: nothing in it is expanded or run when the example is pasted. */
export function shellQuoted(text: string): string {
  return `'${text.replace(/'/gu, `'\\''`)}'`;
}

/** The word as it is where a shell reads it so (letters, digits and `-_./=:@,+%`), else in single quotes. */
export function shellWord(text: string): string {
  return /^[\w./=:@,+%-]+$/u.test(text) ? text : shellQuoted(text);
}
