import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Below this, the encoding's own bytes and the CPU cost outweigh what it saves.
const MIN_BYTES = 1024;

/** The encoding to answer with, from an `Accept-Encoding` header: brotli first, then gzip, else none. */
export const pickEncoding = (accept: string | undefined): 'br' | 'gzip' | null => {
  const accepted = new Map<string, number>();
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((token) => token.trim());
    const q = params.find((param) => param.startsWith('q='));
    accepted.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const weight = (name: string): number => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
};

/**
 * Compresses the JSON answers of the routes registered in `scope`: the directory's or the
 * agenda's whole list is 100 KB and more of JSON, a tenth of that once compressed, which on a
 * slow mobile link is most of the wait before the page can show it.
 */
export const compressAnswers = (scope: FastifyInstance): void => {
  scope.addHook('onSend', async (request, reply, payload) => {
    if (reply.getHeader('content-encoding') !== undefined) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    reply.header('vary', 'accept-encoding');
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (encoding === null || body.length < MIN_BYTES) return payload;
    // Brotli at quality 5 compresses about as fast as gzip's default and some 15 % smaller.
    const compressed =
      encoding === 'br'
        ? await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
        : await gzipAsync(body);
    reply.header('content-encoding', encoding);
    reply.header('content-length', compressed.length);
    return compressed;
  });
};
