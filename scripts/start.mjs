// `npm start`: install what is missing, build the site, then serve it with the API on one port.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureInstall } from './ensure-install.mjs';
import { serveChild } from './serve-child.mjs';

const root = new URL('..', import.meta.url).pathname;
ensureInstall();
execFileSync('node', [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
// Ctrl-C and SIGTERM reach the server, which answers its requests and closes its database.
serveChild();
