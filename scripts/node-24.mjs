// Node 24 from npm's `node` package, for a machine whose own Node is another line: the CI runs the
// server and its tests on it (.ci/run), and the container test copies it into the base image it makes.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/** Where the package is installed (gitignored). */
export const NODE_24_DIR = join(root, '.node-24');

/** The Node 24 binary, installed from the registry into `NODE_24_DIR` when missing or of another line. */
export const ensureNode24 = () => {
  const binary = join(NODE_24_DIR, 'node_modules/node/bin/node');
  const version = () => execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
  if (existsSync(binary) && version().startsWith('v24.')) return binary;
  // The package's install script (which links the binary) is blocked by npm 11; the binary is in place without it.
  execFileSync('npm', ['install', '--prefix', NODE_24_DIR, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', 'node@24'], {
    stdio: 'inherit',
  });
  if (!version().startsWith('v24.')) throw new Error(`${binary} is ${version()}, not Node 24`);
  return binary;
};

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureNode24());
