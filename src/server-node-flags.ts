// The flags node is given to serve: `npm start`, the container's CMD and the benchmark's server processes all use
// these (test/docs/container.test.ts holds package.json and the Dockerfile to them).

/**
 * A young generation of up to 64 MiB a semi-space instead of V8's 16. Nearly everything a request allocates (rows,
 * strings, the answer's JSON) is garbage once it is answered; with the default size the scavenges came often enough
 * to copy and promote much of it, and at a million companies the text mix spent markedly more CPU.
 * V8 reads the size when the process starts, so it cannot be set from inside; cluster workers inherit it with the
 * rest of the primary's flags.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];
