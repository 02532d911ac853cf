// `npm start`: install what is missing, build the site, then serve it with the API on one port.
import { spawn, execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureInstall } from './ensure-install.mjs';

const root = new URL('..', import.meta.url).pathname;
ensureInstall();
execFileSync('node', [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
const server = spawn(join(root, 'node_modules/.bin/tsx'), [join(root, 'server/main.ts')], { cwd: root, stdio: 'inherit' });
// Pass Ctrl-C and SIGTERM on, so the server closes its database cleanly.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
