// The server's pino logger: requests are logged by method and path only, never with the client's address nor the
// query string (a client may type an address or a person's name as `q`; the usage log keeps the conditions, normalised).
import pino, { type DestinationStream, type Logger } from 'pino';

/** The raw IP address is never written anywhere (issue 4), so the request serializer leaves out remoteAddress and headers. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    serializers: { req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url.split('?')[0] }) },
  };
  return destination === undefined ? pino(options) : pino(options, destination);
}
