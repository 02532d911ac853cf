// `npm run dev`: the API server on port 8081 and Parcel's dev server on http://localhost:1234,
// which proxies /api and /media to it (.proxyrc.json) and rebuilds on every change.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureInstall } from './ensure-install.mjs';
import { SEED_MAIN, SERVER_MAIN, SERVER_NODE_FLAGS } from './server-command.mjs';

const root = new URL('..', import.meta.url).pathname;
ensureInstall();
// esbuild is a dependency: loaded once the install has run, never before (test/unit/launcher-imports.test.ts).
const { buildServer } = await import('./build-server.mjs');
// Compiled once as the server starts: a change to server/ takes a restart of `npm run dev`, as before.
await buildServer();
// The server never seeds: a data folder without content gets the demo's, and its images, from the seed first.
// The API's settings: the seed checks them (its address included) as the server will run them.
const apiEnv = { ...process.env, PORT: '8081', HOST: '127.0.0.1', DIST_DIR: 'none' };
const seeded = spawnSync(process.execPath, ['--enable-source-maps', SEED_MAIN, '--if-empty'], { cwd: root, stdio: 'inherit', env: apiEnv });
if (seeded.status !== 0) process.exit(seeded.status ?? 1);
const children = [
  spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_MAIN], {
    cwd: root,
    stdio: 'inherit',
    // The dev server serves the pages; this one answers /api and /media only.
    env: apiEnv,
  }),
  spawn(join(root, 'node_modules/.bin/parcel'), ['serve', 'src/**/index.html', '--dist-dir', 'dev-dist', '--port', process.env.PORT ?? '1234', '--no-autoinstall'], {
    cwd: root,
    stdio: 'inherit',
  }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
for (const child of children)
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exit(code ?? 0);
  });
