// `npm run serve`: compile the server to one CommonJS file with esbuild (about 50 ms), then run
// it in this same process. The TypeScript loader (tsx) held ~50 MB of resident memory for the
// server's whole life, a fifth of its budget; the compiled file holds none and starts faster.
import { build, stop } from 'esbuild';
import cluster from 'node:cluster';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/**
 * The Node flags the server runs with (`npm run serve` spells them too). `--optimize-for-size`
 * makes V8 collect its heap before growing it rather than after: under 50 connections the
 * server's heap held some 150 MB of garbage promoted out of the young generation before a full
 * collection, which it never gave back; with the flag it stays within some 50 MB. `npm run bench
 * load` shows what it costs in requests a second.
 */
export const SERVER_NODE_FLAGS = ['--optimize-for-size'];

/** Where `buildServer` writes the compiled server (its source map beside it). */
export const SERVER_BUNDLE = join(root, 'build/server/main.cjs');

/**
 * Compiles `server/main.ts` and what it imports from `server/` and `src/` into `SERVER_BUNDLE`;
 * packages stay in node_modules. Each file is written beside and renamed into place, so that a
 * server starting at the same moment never reads half of one. esbuild's service process is
 * stopped afterwards: left running beside the server it would hold ~45 MB for nothing.
 */
export const buildServer = async () => {
  const { outputFiles } = await build({
    entryPoints: [join(root, 'server/main.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: `node${process.versions.node.split('.')[0]}`,
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    write: false,
  }).finally(stop);
  mkdirSync(dirname(SERVER_BUNDLE), { recursive: true });
  for (const file of outputFiles) {
    const scratch = `${file.path}.${process.pid}.tmp`;
    writeFileSync(scratch, file.contents);
    renameSync(scratch, file.path);
  }
  return SERVER_BUNDLE;
};

if (import.meta.url === `file://${process.argv[1]}`) {
  // With WORKERS=n the workers run this file again: the primary has compiled it for them.
  if (cluster.isPrimary) await buildServer();
  // Stack traces in the log name the TypeScript files and lines, not the bundle's.
  process.setSourceMapsEnabled(true);
  createRequire(import.meta.url)(SERVER_BUNDLE);
}
