// Installs the dependencies when node_modules is missing or older than package-lock.json.
import { execSync } from 'node:child_process';
import { existsSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const lock = join(root, 'package-lock.json');
// npm rewrites this file on every install, so its age is the age of the install.
const installed = join(root, 'node_modules/.package-lock.json');

/** Installs the locked dependencies when the install is missing or stale; returns whether it installed. */
export const ensureInstall = () => {
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) return false;
  console.log('Installing dependencies…');
  // `npm ci` refuses a lock made on a machine whose registry lacked other platforms'
  // optional binaries; `npm install` then installs the same locked versions.
  try {
    execSync('npm ci --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
  } catch {
    console.log('npm ci refused the lock file: installing with npm install instead.');
    execSync('npm install --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
  }
  // npm install may rewrite the lock file after node_modules: mark the install as current.
  const now = new Date();
  utimesSync(installed, now, now);
  return true;
};

if (import.meta.url === `file://${process.argv[1]}`) ensureInstall();
