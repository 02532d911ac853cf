// `npm start`: install what is missing, build the site and the server, load the demo content into
// an empty database, then serve the site with the API on one port. Until the install has run, this
// file and what it imports use Node's own modules only (test/unit/launcher-imports.test.ts).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureInstall } from './ensure-install.mjs';
import { SEED_MAIN } from './server-command.mjs';
import { serveChild } from './serve-child.mjs';

const root = new URL('..', import.meta.url).pathname;
ensureInstall();
execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
execFileSync(process.execPath, ['--enable-source-maps', SEED_MAIN, '--if-empty'], { cwd: root, stdio: 'inherit' });
// Ctrl-C and SIGTERM reach the server, which answers its requests and closes its database.
serveChild();
