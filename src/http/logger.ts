// The server's pino logger: requests are logged by method and URL only, never with the client's address.
import pino, { type DestinationStream, type Logger } from 'pino';

/** The raw IP address is never written anywhere (issue 4), so the request serializer leaves out remoteAddress and headers. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    serializers: { req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url }) },
  };
  return destination === undefined ? pino(options) : pino(options, destination);
}
