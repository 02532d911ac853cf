// How the compiled server is run, for the launchers: Node's own modules only, so that a launcher
// can import this before the install has run.
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/**
 * The Node flags the server runs with (`npm run serve` spells them too). `--optimize-for-size`
 * makes V8 collect its heap before growing it rather than after: under 50 connections the
 * server's heap held some 150 MB of garbage promoted out of the young generation before a full
 * collection, which it never gave back; with the flag it stays within some 50 MB. `npm run bench
 * load` shows what it costs in requests a second. Source maps make the log's stack traces name
 * the TypeScript files and lines.
 */
export const SERVER_NODE_FLAGS = ['--optimize-for-size', '--enable-source-maps'];

/** The server as `npm run build` compiles it. */
export const SERVER_MAIN = join(root, 'build/server/main.cjs');

/** The seed command as `npm run build` compiles it. */
export const SEED_MAIN = join(root, 'build/server/seed.cjs');
