// Compression of answers: brotli or gzip, as the client accepts, for bodies above a small threshold.
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

// Below about 1 KiB the framing and the CPU cost outweigh the bytes saved (error bodies, short lists stay plain).
export const COMPRESSION_THRESHOLD = 1024;

/**
 * @fastify/compress. It compresses in each route's own onSend hook (added as routes are declared), so it must be
 * registered before the routes; route hooks run after the app's, so the usage log reads the plain body.
 */
export const compression = fp(
  async (app) => {
    await app.register(compress, { encodings: ['br', 'gzip'], threshold: COMPRESSION_THRESHOLD });
  },
  { name: 'kohyo-compression' },
);
