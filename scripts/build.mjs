// `npm run build`: precompiles the messages, builds every page of src/ to dist/ with Parcel, then
// compiles the server's commands to build/server/ (scripts/build-server.mjs), and gathers the licences of
// what the site and the server ship into dist/licences.txt (scripts/gather-licences.mjs).
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer } from './build-server.mjs';
import { gatherLicences } from './gather-licences.mjs';

const root = new URL('..', import.meta.url).pathname;
execFileSync('node', [join(root, 'scripts/compile-messages.mjs')], { stdio: 'inherit' });
// A clean dist/ so that no stale hashed file of an earlier build is served or measured.
rmSync(join(root, 'dist'), { recursive: true, force: true });
execFileSync(join(root, 'node_modules/.bin/parcel'), ['build', 'src/**/index.html', '--dist-dir', 'dist', '--no-autoinstall'], {
  cwd: root,
  stdio: 'inherit',
});
await buildServer();
await gatherLicences(join(root, 'dist'));
