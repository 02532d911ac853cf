// `node scripts/build-server.mjs` (`npm run build` runs it after the site): compiles the server's
// commands with esbuild, once, into build/server/, so that `npm run serve`, `npm run seed`
// and `npm run import` run plain Node. The TypeScript loader (tsx) held ~50 MB of resident memory
// for the server's whole life, a fifth of its budget; the compiled files hold none and start faster.
import { build, stop } from 'esbuild';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/** Where `buildServer` writes the compiled commands, each with its source map beside it. */
export const SERVER_BUILD_DIR = join(root, 'build/server');

/** Each command's source, by the name of the file it compiles to (`main` → build/server/main.cjs). */
export const SERVER_ENTRIES = {
  main: 'server/main.ts',
  seed: 'server/operations/seed-command.ts',
  import: 'server/operations/import-command.ts',
  backup: 'server/backup/backup-command.ts',
  token: 'server/content-api/token-command.ts',
  content: 'server/content-api/content-command.ts',
};

/**
 * Compiles each of `SERVER_ENTRIES` and what it imports from `server/` and `src/` into one
 * CommonJS file of `SERVER_BUILD_DIR`; packages stay in node_modules. Each file is written beside
 * and renamed into place, so that a server starting at the same moment never reads half of one.
 * esbuild's service process is stopped afterwards: a caller that goes on running (a test run)
 * would hold it, ~45 MB, for nothing. Resolves with the compiled files' paths by entry name.
 */
export const buildServer = async () => {
  const { outputFiles } = await build({
    entryPoints: Object.entries(SERVER_ENTRIES).map(([out, source]) => ({ in: join(root, source), out })),
    outdir: SERVER_BUILD_DIR,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: `node${process.versions.node.split('.')[0]}`,
    packages: 'external',
    sourcemap: 'linked',
    // React (a package, so not bundled) picks its build when first required: without this, the server
    // rendered every page with React's development build, several times slower and with its checks. An
    // operator who sets NODE_ENV keeps it.
    banner: { js: "'use strict';\nprocess.env.NODE_ENV ??= 'production';" },
    logLevel: 'warning',
    write: false,
  }).finally(stop);
  mkdirSync(SERVER_BUILD_DIR, { recursive: true });
  for (const file of outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    const scratch = `${file.path}.${process.pid}.tmp`;
    writeFileSync(scratch, file.contents);
    renameSync(scratch, file.path);
  }
  return Object.fromEntries(Object.keys(SERVER_ENTRIES).map((name) => [name, join(SERVER_BUILD_DIR, `${name}.cjs`)]));
};

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
