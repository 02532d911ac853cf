import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { chosenEncoding, type Encoding } from './accept-encoding';
import { notModifiedSince } from './http-date';
import { ifNoneMatchHits } from './answer-cache';

/** Parcel names bundles `name.<8+ hex>.ext`: their content never changes under a name. */
export const HASHED_ASSET = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;

/** Cache policy of a hashed asset: kept for good by browsers and shared caches. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

// What Parcel writes with a hash; any other file (source maps among them) stays with the static files' plugin.
const TYPES: Readonly<Record<string, string>> = {
  js: 'application/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
};

/** A hashed asset in memory, with the compressed copies the build wrote beside it. */
interface KeptAsset {
  readonly path: string;
  readonly type: string;
  readonly etag: string;
  readonly lastModified: string;
  /** `lastModified` in milliseconds, for If-Modified-Since. */
  readonly modifiedMs: number;
  readonly plain: Buffer;
  readonly br: Buffer | undefined;
  readonly gzip: Buffer | undefined;
  /** The encodings it is kept in, brotli first. */
  readonly encodings: readonly Encoding[];
}

const sibling = (file: string): Buffer | undefined => (existsSync(file) ? readFileSync(file) : undefined);

/** The hashed scripts, sheets and pictures at the top of `distDir`, read once. */
const readKeptAssets = (distDir: string): KeptAsset[] =>
  readdirSync(distDir, { withFileTypes: true }).flatMap((entry) => {
    const extension = /\.([a-z0-9]+)$/i.exec(entry.name)?.[1]?.toLowerCase() ?? '';
    const type = TYPES[extension];
    if (!entry.isFile() || type === undefined || !HASHED_ASSET.test(entry.name)) return [];
    const file = join(distDir, entry.name);
    const plain = readFileSync(file);
    const lastModified = statSync(file).mtime.toUTCString();
    const br = sibling(`${file}.br`);
    const gzip = sibling(`${file}.gz`);
    return [
      {
        path: `/${entry.name}`,
        type,
        etag: `"${createHash('sha256').update(plain).digest('base64url').slice(0, 27)}"`,
        lastModified,
        modifiedMs: Date.parse(lastModified),
        plain,
        br,
        gzip,
        encodings: [...(br === undefined ? [] : ['br' as const]), ...(gzip === undefined ? [] : ['gzip' as const])],
      },
    ];
  });

const send = (asset: KeptAsset) => async (request: FastifyRequest, reply: FastifyReply) => {
  // The router, which ignores a final `/` for the pages' sake, also brings `/x.1a2b3c4d.js/` here: not the asset's address.
  const end = request.url.indexOf('?');
  if ((end < 0 ? request.url : request.url.slice(0, end)) !== asset.path) {
    reply.callNotFound();
    return reply;
  }
  reply
    .header('cache-control', IMMUTABLE_CACHE_CONTROL)
    .header('etag', asset.etag)
    .header('last-modified', asset.lastModified)
    .header('vary', 'accept-encoding')
    .type(asset.type);
  // The file's time has whole seconds, as the header.
  if (ifNoneMatchHits(request.headers['if-none-match'], asset.etag) || notModifiedSince(request.headers, asset.modifiedMs)) return reply.code(304).send();
  const encoding = chosenEncoding(request.headers['accept-encoding'], asset.encodings);
  if (encoding === 'br' && asset.br !== undefined) return reply.header('content-encoding', 'br').send(asset.br);
  if (encoding === 'gzip' && asset.gzip !== undefined) return reply.header('content-encoding', 'gzip').send(asset.gzip);
  return reply.send(asset.plain);
};

/**
 * Answers each hashed asset of `distDir` from memory (some 2 MB with its compressed copies):
 * a file read per request went through the thread pool four times (stat, open, read, close), and
 * under load each of those waits made the page's first script the slowest answer of the server.
 */
export const registerKeptAssets = (app: FastifyInstance, distDir: string): void => {
  for (const asset of readKeptAssets(distDir)) app.get(asset.path, send(asset));
};
