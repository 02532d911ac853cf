// `npm run dev`: the API server on port 8081 and Parcel's dev server on http://localhost:1234,
// which proxies /api and /media to it (.proxyrc.json) and rebuilds on every change.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureInstall } from './ensure-install.mjs';
import { SERVER_NODE_FLAGS } from './serve.mjs';

const root = new URL('..', import.meta.url).pathname;
ensureInstall();
const children = [
  spawn(process.execPath, [...SERVER_NODE_FLAGS, join(root, 'scripts/serve.mjs')], {
    cwd: root,
    stdio: 'inherit',
    // The dev server serves the pages; this one answers /api and /media only.
    env: { ...process.env, PORT: '8081', HOST: '127.0.0.1', DIST_DIR: join(root, 'dev-dist-none') },
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
