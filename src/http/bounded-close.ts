// Closing the server in bounded time. Node counts a connection that has not sent a request yet as busy (so that its
// headers timeout covers it), and stops checking every timeout once the server closes: server.close() alone then
// waits for as long as any client likes, whether it holds a silent connection open (a browser's speculative
// preconnect does) or trickles a request. A connection that has sent nothing is closed at once, as Node closes an
// idle keep-alive one; requests under way get the grace to finish, and their connections are cut after it.
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export function boundClose(app: FastifyInstance, graceMs: number): void {
  const silent = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    silent.add(socket);
    socket.once('close', () => silent.delete(socket));
  });
  app.server.prependListener('request', (request) => silent.delete(request.socket));
  let deadline: NodeJS.Timeout | undefined;
  app.addHook('preClose', (done) => {
    for (const socket of silent) socket.destroy();
    // unref'd: the connections it would cut are what keep the process alive until then
    deadline = setTimeout(() => app.server.closeAllConnections(), graceMs).unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearTimeout(deadline);
    done();
  });
}
