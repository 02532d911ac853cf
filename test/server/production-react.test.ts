import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureServerBuilt, ROOT, SERVER_MAIN } from '../support/server-child';

// React is a package the compiled commands require at run time; it picks its development or
// production build from NODE_ENV at that moment. The development build rendered every page several
// times slower (a large agenda page held the event loop for seconds), so the compiled commands set
// NODE_ENV to production unless the operator chose one.

const REPORTER = join(ROOT, 'test/fixtures/report-react-build.cjs');

/** The NODE_ENV React sees when `command` first requires it (its modules load before it reads any setting), with the environment's own NODE_ENV set to `given` (or unset). */
const nodeEnvAtReact = (command: string, given: string | undefined): string => {
  const env: NodeJS.ProcessEnv = { ...process.env, DIST_DIR: 'none' };
  delete env['NODE_ENV'];
  if (given !== undefined) env['NODE_ENV'] = given;
  return execFileSync(process.execPath, ['--require', REPORTER, command], { cwd: ROOT, env, encoding: 'utf8' }).trim();
};

beforeAll(() => ensureServerBuilt());

it('the compiled server has React choose its production build when NODE_ENV is unset', () => {
  expect(nodeEnvAtReact(SERVER_MAIN, undefined)).toBe('NODE_ENV=production');
});

it('an operator who sets NODE_ENV keeps it', () => {
  expect(nodeEnvAtReact(SERVER_MAIN, 'development')).toBe('NODE_ENV=development');
});
