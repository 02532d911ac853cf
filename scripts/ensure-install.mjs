// Installs the dependencies when node_modules is missing or older than package-lock.json.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const lock = join(root, 'package-lock.json');
// npm rewrites this file on every install, so its age is the age of the install.
const installed = join(root, 'node_modules/.package-lock.json');

/** Runs `npm ci` when the install is missing or stale; returns whether it installed. */
export const ensureInstall = () => {
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) return false;
  console.log('Installing dependencies (npm ci)…');
  execSync('npm ci --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
  return true;
};

if (import.meta.url === `file://${process.argv[1]}`) ensureInstall();
