// `kohyo mcp`: the MCP server on standard input and output, for an agent on the same machine. It starts the
// service as `npm start` does (dataset, limiter, usage log) without listening, and the agent is one local client.
import pino from 'pino';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
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
  logger.info({ dataset: service.holder.dataset()?.meta }, 'MCP server on stdio');
  await closed;
  await server.close();
  await service.close();
  return 0;
}

/** The agent, as the limiter and the usage log see it: the name it gave as User-Agent and client name. */
function identity(client: ClientInfo | undefined): Record<string, string> {
  const name = client?.name ?? 'unnamed-agent';
  return { host: 'localhost', 'user-agent': `${name}/${client?.version ?? '0'} (MCP stdio)`, 'x-kohyo-client': name };
}
