// A refusal of the limits, and its words: each scope's message for each code, and those of the ceilings and the drop.
import type { Refusal, Scope } from './limiter-store.js';

/**
 * A request the limits refuse; the HTTP layer answers it as the contract's 429 of the same code, with the scope
 * (`details.scope`) that refused it.
 */
export class LimitRefusal extends Error {
  constructor(
    readonly code: Refusal,
    message: string,
    readonly retryAfterSeconds: number,
    readonly scope: Scope,
  ) {
    super(message);
  }
}

// The address's messages say that another client name or User-Agent would not help: that is what the ceiling is for.
export const LIMIT_MESSAGES: Record<Scope, Record<Refusal, (seconds: number) => string>> = {
  client: {
    rate_limited: (s) => `Too many requests in the last 60 seconds; try again in ${s} seconds.`,
    daily_limit_exceeded: (s) => `Too many requests in the last 24 hours; try again in ${s} seconds.`,
    automated_enumeration_detected: (s) =>
      `This looks like automated enumeration of the dataset, which is not provided; this client is refused for ${s} more seconds.`,
  },
  address: {
    rate_limited: (s) =>
      `Too many requests from this address in the last 60 seconds, whatever the client name; try again in ${s} seconds.`,
    daily_limit_exceeded: (s) =>
      `Too many requests from this address in the last 24 hours, whatever the client name; try again in ${s} seconds.`,
    automated_enumeration_detected: (s) =>
      `This looks like automated enumeration of the dataset from this address, which is not provided; this address is refused for ${s} more seconds.`,
  },
};

// The ceilings' messages say which bound was passed: the client's share, or its address's, passed by several clients.
export const UNCOUNTED_MESSAGES: Record<Scope, (seconds: number) => string> = {
  client: (seconds) =>
    `Too many answers to this client in the last 60 seconds, uncounted ones (304s, documents, /health, MCP listings) included; try again in ${seconds} seconds.`,
  address: (seconds) =>
    `Too many answers to this address in the last 60 seconds, to several of its clients, uncounted ones (304s, documents, /health, MCP listings) included; try again in ${seconds} seconds.`,
};

export const DROPPED_MESSAGES: Record<Scope, (seconds: number) => string> = {
  client: (seconds) =>
    `Too many refusals to this client in the last 60 seconds: its requests are not answered for ${seconds} more seconds.`,
  address: (seconds) =>
    `Too many refusals to this address in the last 60 seconds, to several of its clients: its requests are not answered for ${seconds} more seconds.`,
};
