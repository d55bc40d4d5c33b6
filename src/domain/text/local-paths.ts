// What of a message names the operator's own machine: the folders of a local path, which a published error leaves out.

/** A POSIX path's folders (`/home/a/b/`, `~/b/`) or a Windows one's (`C:\Users\a\`), at the start of a word. */
const FOLDERS = /(^|[\s'"(\[=])(?:~?\/(?:[^\s'"()[\]/]+\/)+|[A-Za-z]:\\(?:[^\s'"()[\]\\]+\\)+)/gu;

/**
 * The message with each local path cut to its file's name (`cannot read /home/op/Downloads/a.csv` → `cannot read
 * a.csv`); an address on the web (`https://x.go.jp/a/b.pdf`) is left whole.
 */
export function withoutLocalPaths(message: string): string {
  return message.replace(FOLDERS, '$1');
}
