// `npm start`: install what is missing, build the site and the server, load the demo content into
// an empty database, then serve the site with the API on one port. Until the install has run, this
// file and what it imports use Node's own modules only (test/unit/launcher-imports.test.ts).
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureInstall } from './ensure-install.mjs';
import { SEED_MAIN } from './server-command.mjs';
import { serveChild } from './serve-child.mjs';

const root = new URL('..', import.meta.url).pathname;
ensureInstall();
execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
// The seed checks the server's settings first: one that refuses (a bad setting is exit 2) has said why, and its status is npm start's.
const seed = spawnSync(process.execPath, ['--enable-source-maps', SEED_MAIN, '--if-empty'], { cwd: root, stdio: 'inherit' });
if (seed.status !== 0) process.exit(seed.status ?? 1);
// Ctrl-C and SIGTERM reach the server, which answers its requests and closes its database.
serveChild();
