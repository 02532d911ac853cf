import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureServerBuilt, removeDataDir, ROOT, seededDataDir, SERVER_MAIN, SERVER_NODE_FLAGS, waitFor } from '../support/server-child';

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

// A service manager starts the server from any folder: every path it reads comes from its settings
// (made absolute) or from the compiled file's own place, never from the working folder. The OpenAPI
// description once read the demo's profile from `profiles/valmont` under the working folder, so a
// server started elsewhere with its own SITE_PROFILE stopped on a folder it was never told of.
it('starts and serves its pages from another working folder, its settings naming every path', async () => {
  const dataDir = await seededDataDir();
  const elsewhere = mkdtempSync(join(tmpdir(), 'server-cwd-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DIST_DIR: join(ROOT, 'dist'),
    SITE_PROFILE: join(ROOT, 'profiles/valmont'),
    LOG_LEVEL: 'warn',
  };
  let output = '';
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_MAIN], { cwd: elsewhere, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  try {
    const port = await waitFor('the server to listen', () => /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1] ?? null);
    for (const path of ['/', '/api/', '/annuaire/']) {
      const answer = await fetch(`http://127.0.0.1:${port}${path}`);
      expect({ path, status: answer.status }).toEqual({ path, status: 200 });
    }
  } finally {
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    removeDataDir(dataDir);
    rmSync(elsewhere, { recursive: true, force: true });
  }
}, 120_000);
