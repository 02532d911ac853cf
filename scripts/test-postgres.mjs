// `npm run test:postgres`: the server's contract and property tests against the PostgreSQL
// server of DATABASE_URL (scripts/start-postgres.sh prints one). Ends with `N passed, N failed`.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInstall } from './ensure-install.mjs';
import { runJest } from './jest-run.mjs';

const root = new URL('..', import.meta.url).pathname;

if (!process.env.DATABASE_URL) {
  console.error('test:postgres needs DATABASE_URL, e.g. the line that scripts/start-postgres.sh prints.');
  process.exit(1);
}
ensureInstall();
// The server tests include the pages, which the server renders into the built site.
if (!existsSync(join(root, 'dist/index.html'))) execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
const { passed, failed } = runJest(['--selectProjects', 'node', '--testPathPatterns', 'test/server', ...process.argv.slice(2)]);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
