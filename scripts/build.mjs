// `npm run build`: precompiles the messages, then builds every page of src/ to dist/ with Parcel.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
execFileSync('node', [join(root, 'scripts/compile-messages.mjs')], { stdio: 'inherit' });
// A clean dist/ so that no stale hashed file of an earlier build is served or measured.
rmSync(join(root, 'dist'), { recursive: true, force: true });
execFileSync(join(root, 'node_modules/.bin/parcel'), ['build', 'src/**/index.html', '--dist-dir', 'dist', '--no-autoinstall'], {
  cwd: root,
  stdio: 'inherit',
});
