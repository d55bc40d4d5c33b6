// `kohyo mcp`: the MCP server on standard input and output, for an agent on the same machine. It starts the
// service as `npm start` does (dataset, limiter, usage log) without listening, and the agent is one local client.
import pino from 'pino';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Config } from './config.js';
import { createLogger } from './logger.js';
import { prepareDataset, startService } from './service.js';
import { createMcpServer, type ClientInfo } from './mcp/mcp-server.js';
import { mcpTools } from './mcp/tools.js';
import { endpointCall } from './mcp/endpoint-call.js';

const LOCAL_ADDRESS = '127.0.0.1';

/** Serves until standard input closes; returns the exit code. */
export async function runMcpStdio(config: Config): Promise<number> {
  // standard output carries the protocol: the log goes to standard error
  const logger = createLogger(config.logLevel, pino.destination(2));
  await prepareDataset(config, logger);
  const service = await startService(config, logger);
  await service.ready();
  const server = createMcpServer({
    tools: mcpTools(config),
    guide: async () => service.guide(),
    call: endpointCall(service.app, (client) => ({ headers: identity(client), remoteAddress: LOCAL_ADDRESS })),
  });
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
    process.stdin.once('end', resolve);
  });
  await server.connect(transport);
  const answered = answersOwed(transport);
  logger.info({ dataset: service.holder.dataset()?.meta }, 'MCP server on stdio');
  await closed;
  // an agent may close its end right after its last call: that call is answered before the server closes
  await answered();
  await server.close();
  await service.close();
  return 0;
}

/**
 * Follows the requests the transport has received and not yet answered (the SDK's server sets `onmessage` on connect,
 * and answers through `send`): the promise of the function returned resolves once none is owed.
 */
function answersOwed(transport: Transport): () => Promise<void> {
  const owed = new Set<string | number>();
  let settled: (() => void) | null = null;
  const receive = transport.onmessage;
  transport.onmessage = (message, extra) => {
    if ('method' in message && 'id' in message) owed.add(message.id);
    receive?.(message, extra);
  };
  const send = transport.send.bind(transport);
  transport.send = async (message, options) => {
    await send(message, options);
    if (!('method' in message) && 'id' in message && message.id !== undefined) owed.delete(message.id);
    if (owed.size === 0) settled?.();
  };
  return () => (owed.size === 0 ? Promise.resolve() : new Promise((resolve) => (settled = resolve)));
}

/** The agent, as the limiter and the usage log see it: the name it gave as User-Agent and client name. */
function identity(client: ClientInfo | undefined): Record<string, string> {
  const name = client?.name ?? 'unnamed-agent';
  return { host: 'localhost', 'user-agent': `${name}/${client?.version ?? '0'} (MCP stdio)`, 'x-kohyo-client': name };
}
