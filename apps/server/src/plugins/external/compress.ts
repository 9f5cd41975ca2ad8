import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * API answers over 1 KB go out compressed (brotli, else gzip). Built files are compressed once at build
 * time (see the web plugin), so only dynamic answers pay for it here: brotli at quality 4 costs about
 * what gzip 6 does and still sends less. Event streams are never compressed: a compressor holds bytes
 * back until its buffer fills, which would delay every live event.
 */
export default fp(async function compressPlugin(app: FastifyInstance) {
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes:
      /^(application\/(json|javascript|problem\+json)|text\/(html|css|csv|plain|javascript)|image\/svg\+xml)\b/,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
});
