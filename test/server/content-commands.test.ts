import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { decodeImportText } from '../../server/data/content';
import { type ChildRun, ensureServerBuilt, listeningPort, privateSchema, removeDataDir, ROOT, seededDataDir, startServer } from '../support/server-child';
import { testBackend } from '../support/test-database';

jest.setTimeout(180_000);

const run = promisify(execFile);

// `npm run import -- --merge`, `npm run export` and `npm run journal`, as the compiled commands run them: beside a running server
// (on PGlite through its socket, the site serving on) and with no server at all.
describe(`the content commands (${testBackend()})`, () => {
  let dataDir: string;
  let scratch: string;
  let schema: Awaited<ReturnType<typeof privateSchema>> | null = null;
  let env: Record<string, string>;

  const command = async (file: string, args: readonly string[]): Promise<{ code: number; stdout: string; output: string }> => {
    try {
      const { stdout, stderr } = await run(process.execPath, [join(ROOT, 'build/server', file), ...args], { env: { ...process.env, ...env, LOG_LEVEL: 'warn' } });
      return { code: 0, stdout, output: stdout + stderr };
    } catch (error) {
      const { code, stdout, stderr } = error as { code?: number; stdout?: string; stderr?: string };
      return { code: code ?? -1, stdout: stdout ?? '', output: `${stdout ?? ''}${stderr ?? ''}` };
    }
  };
  const get = async (port: number, path: string, token: string): Promise<{ status: number; body: string }> => {
    const answer = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: answer.status, body: await answer.text() };
  };
  const stop = async (server: ChildRun): Promise<void> => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  };

  beforeAll(async () => {
    ensureServerBuilt();
    dataDir = await seededDataDir();
    scratch = mkdtempSync(join(tmpdir(), 'content-commands-'));
    if (testBackend() === 'postgres') schema = await privateSchema('content_commands');
    env = { DATA_DIR: dataDir, ...(schema !== null ? { DATABASE_URL: schema.url } : {}) };
  });

  afterAll(async () => {
    await schema?.drop();
    removeDataDir(dataDir);
    rmSync(scratch, { recursive: true, force: true });
  });

  it('merges, exports and prints the journal while the site serves, and the same without a server', async () => {
    const server = startServer(dataDir, env);
    const port = await listeningPort(server);
    const token = (await command('token.cjs', ['create', 'commands'])).stdout.trim();
    expect(token).toMatch(/^ist_/);

    const changes = join(scratch, 'changes.json');
    writeFileSync(
      changes,
      JSON.stringify({ events: [{ id: 940001, agenda_id: 1, bel_date: '2031-09-01', title: 'Fusion en ligne', categories: [1] }], delete: { shop_items: [2] } }),
    );
    const merged = await command('import.cjs', ['--merge', changes]);
    expect(merged).toMatchObject({ code: 0 });
    expect(merged.output).toMatch(/merged .*1 created, 0 replaced, 1 deleted/);
    expect(JSON.parse((await get(port, '/api/content/events/940001', token)).body)).toMatchObject({ title: 'Fusion en ligne' });
    expect((await get(port, '/api/content/shop_items/2', token)).status).toBe(404);

    // One fault: nothing is merged, and the command says where.
    writeFileSync(changes, JSON.stringify({ events: [{ id: 940002, agenda_id: 1, bel_date: '2031-13-01', title: 'x', categories: [] }] }));
    const refused = await command('import.cjs', ['--merge', changes]);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('events/0/bel_date');
    expect((await get(port, '/api/content/events/940002', token)).status).toBe(404);

    const exported = join(scratch, 'export.json');
    expect(await command('content.cjs', ['export', exported])).toMatchObject({ code: 0 });
    const text = readFileSync(exported, 'utf8');
    expect(decodeImportText(text).ok).toBe(true);
    expect(text).toBe((await get(port, '/api/content/export', token)).body);

    const journal = await command('content.cjs', ['journal']);
    expect(journal.code).toBe(0);
    expect(journal.stdout).toMatch(/\timport --merge\tcreate\tevents\/940001\t-\t"/);
    expect(journal.stdout).toMatch(/\timport --merge\tdelete\tshop_items\/2\t"[^"]+"\t-/);
    await stop(server);

    // No server: the commands open the database themselves, and find the same.
    const again = join(scratch, 'again.json');
    expect(await command('content.cjs', ['export', again])).toMatchObject({ code: 0 });
    expect(readFileSync(again, 'utf8')).toBe(text);
    expect((await command('content.cjs', ['journal', '--limit', '1'])).stdout.trim().split('\n')).toHaveLength(1);
  });

  it('says how they are used', async () => {
    expect(await command('content.cjs', ['publish'])).toMatchObject({ code: 2 });
    expect((await command('import.cjs', ['--merge'])).code).toBe(2);
  });
});
