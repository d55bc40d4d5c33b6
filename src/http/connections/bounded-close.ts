// Closing the server in bounded time. Node counts a connection that has not sent a request yet as busy (so that its
// headers timeout covers it), and stops checking every timeout once the server closes: server.close() alone then
// waits for as long as any client likes, whether it holds a silent connection open (a browser's speculative
// preconnect does) or trickles a request. A connection that has sent nothing is closed at once, as Node closes an
// idle keep-alive one; requests under way get the grace to finish, and their connections are cut after it.
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export function boundClose(app: FastifyInstance, graceMs: number): void {
  const connections = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  let deadline: NodeJS.Timeout | undefined;
  app.addHook('preClose', (done) => {
    // bytesRead counts what Node's parser took off the socket too: nothing read is nothing begun
    for (const socket of connections) if (socket.bytesRead === 0) socket.destroy();
    // unref'd: the connections it would cut are what keep the process alive until then
    deadline = setTimeout(() => app.server.closeAllConnections(), graceMs).unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearTimeout(deadline);
    done();
  });
}
