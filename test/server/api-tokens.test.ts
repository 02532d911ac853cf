import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import fc from 'fast-check';
import Fastify, { type FastifyInstance } from 'fastify';
import { fairUse } from '../../server/cache/fair-use';
import { bearerOf, createToken, listTokens, revokeToken, TokenError, verifyToken } from '../../server/content-api/api-tokens';
import { writeGuard, type WriteGuardOptions } from '../../server/content-api/write-guard';
import type { Database } from '../../server/data/database';
import { openDatabase, openPostgres } from '../../server/data/db';
import { redactedUrl, requestLogSerializers } from '../../server/service/request-log';
import { ensureServerBuilt, listeningPort, privateSchema, removeDataDir, ROOT, seededDataDir, startServer, type ChildRun } from '../support/server-child';
import { openTestDatabase, testBackend } from '../support/test-database';

// Issue 44: the content API's bearer tokens. A token is shown once and stored as its hash; a
// revoked one is refused at once by every process; it travels in `Authorization: Bearer` only,
// never in a URL or a cookie, and never reaches a log; failed attempts are limited per address,
// apart from the site's fair use. `npm run token` works beside a running server on both databases.

jest.setTimeout(180_000);

const TOKEN_FORMAT = /^ist_[A-Za-z0-9_-]{43}$/;

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
});

afterAll(async () => {
  await db.close();
});

describe('tokens in the database', () => {
  it('makes a token shown once, lists it without its hash, and verifies it', async () => {
    const token = await createToken(db, 'editor-1');
    expect(token).toMatch(TOKEN_FORMAT);
    expect(await createToken(db, 'editor.2')).not.toBe(token);
    const listed = await listTokens(db);
    const mine = listed.find((info) => info.name === 'editor-1');
    expect(mine).toEqual({ name: 'editor-1', createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/) as unknown, revokedAt: null });
    expect(Math.abs(Date.parse(mine?.createdAt ?? '') - Date.now())).toBeLessThan(120_000);
    expect(JSON.stringify(listed)).not.toMatch(/hash|[0-9a-f]{64}/);
    expect(await verifyToken(db, token)).toEqual({ ok: true, name: 'editor-1' });
  });

  it('keeps only the hash: the token is nowhere in the table', async () => {
    const token = await createToken(db, 'hash-only');
    const rows = await db.query<{ row: string }>('select row_to_json(t)::text as row from api_tokens t');
    const text = rows.map((row) => row.row).join('\n');
    expect(text).toContain('"hash-only"');
    expect(text).not.toContain(token);
    expect(text).not.toContain(token.slice(4));
    const [stored] = await db.query<{ hash: string }>("select hash from api_tokens where name = 'hash-only'");
    expect(stored?.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a name that is not one, and a name given before, revoked or not', async () => {
    for (const name of ['', 'Capital', '-lead', 'a b', 'é', 'x'.repeat(65), 'semi;colon']) {
      await expect(createToken(db, name)).rejects.toMatchObject({ reason: 'invalid-name' });
    }
    expect(await createToken(db, 'x'.repeat(64))).toMatch(TOKEN_FORMAT);
    await createToken(db, 'taken');
    await expect(createToken(db, 'taken')).rejects.toThrow(TokenError);
    await expect(createToken(db, 'taken')).rejects.toMatchObject({ reason: 'taken', message: expect.stringContaining('exists already') as unknown });
    await revokeToken(db, 'taken');
    await expect(createToken(db, 'taken')).rejects.toMatchObject({ reason: 'taken', message: expect.stringContaining('was revoked') as unknown });
  });

  it('revokes a token: refused at once, revoking again keeps its date, an unknown name is refused', async () => {
    const token = await createToken(db, 'leaving');
    const revoked = await revokeToken(db, 'leaving');
    expect(revoked).toMatchObject({ name: 'leaving', revokedAt: expect.stringMatching(/Z$/) as unknown });
    expect(await verifyToken(db, token)).toEqual({ ok: false, reason: 'revoked', name: 'leaving' });
    expect(await revokeToken(db, 'leaving')).toEqual(revoked);
    await expect(revokeToken(db, 'never-made')).rejects.toMatchObject({ reason: 'unknown' });
    expect(await verifyToken(db, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toEqual({ ok: false, reason: 'unknown' });
    expect(await verifyToken(db, '')).toEqual({ ok: false, reason: 'unknown' });
  });

  // On PostgreSQL the other side is a second connection, as another process of the site has; PGlite is one
  // process with one connection, so there the other side is a second reader of that connection.
  it('is refused at once by another connection once revoked', async () => {
    const onPostgres = testBackend() === 'postgres';
    const [{ schema } = { schema: '' }] = await db.query<{ schema: string }>('select current_schema() as schema');
    const other = onPostgres ? await openPostgres(process.env['DATABASE_URL'] ?? '', schema) : db;
    try {
      const token = await createToken(db, 'two-processes');
      expect(await verifyToken(other, token)).toEqual({ ok: true, name: 'two-processes' });
      await revokeToken(db, 'two-processes');
      expect(await verifyToken(other, token)).toEqual({ ok: false, reason: 'revoked', name: 'two-processes' });
    } finally {
      if (onPostgres) await other.close();
    }
  });
});

describe('bearerOf', () => {
  it.each([
    [{ authorization: 'Bearer abc.DEF-_~+/9==' }, '/', { kind: 'bearer', token: 'abc.DEF-_~+/9==' }],
    [{ authorization: 'bearer   abc' }, '/', { kind: 'bearer', token: 'abc' }],
    [{}, '/', { kind: 'none' }],
    [{ authorization: 'Basic dXNlcjpwYXNz' }, '/', { kind: 'none' }],
    [{ authorization: 'Bearertoken' }, '/', { kind: 'none' }],
    [{ authorization: 'Bearer' }, '/', { kind: 'malformed' }],
    [{ authorization: 'Bearer a b' }, '/', { kind: 'malformed' }],
    [{ authorization: 'Bearer a=b' }, '/', { kind: 'malformed' }],
    [{ authorization: 'Bearer a,b' }, '/', { kind: 'malformed' }],
    [{ authorization: 'Bearer\tabc' }, '/', { kind: 'malformed' }],
    [{ authorization: 'Bearer abc' }, '/x?access_token=abc', { kind: 'elsewhere', where: 'query' }],
    [{}, '/x?a=1&ACCESS_TOKEN=abc', { kind: 'elsewhere', where: 'query' }],
    [{}, '/x?access%5Ftoken=abc', { kind: 'elsewhere', where: 'query' }],
    [{}, '/x?access_token', { kind: 'elsewhere', where: 'query' }],
    [{}, '/x?other_access_token=abc#access_token=1', { kind: 'none' }],
    [{ cookie: 'token=abc' }, '/', { kind: 'elsewhere', where: 'cookie' }],
    [{ cookie: 'theme=dark; access_token=abc', authorization: 'Bearer abc' }, '/', { kind: 'elsewhere', where: 'cookie' }],
    [{ cookie: 'theme=token' }, '/', { kind: 'none' }],
  ])('%j %s → %j', (headers, url, expected) => {
    expect(bearerOf(headers, url)).toEqual(expected);
  });

  it('never verifies a header but the exact one of a live token', async () => {
    const token = await createToken(db, 'exact');
    const exact = `Bearer ${token}`;
    // Near misses of the right header (a character dropped, changed, added, the case changed) and random ones.
    const nearMiss = fc
      .tuple(fc.nat({ max: exact.length }), fc.oneof(fc.constant(''), fc.string({ minLength: 1, maxLength: 2 })), fc.nat({ max: 2 }))
      .map(([at, put, cut]) => `${exact.slice(0, at)}${put}${exact.slice(at + cut)}`);
    const header = fc.oneof(
      nearMiss,
      fc.string(),
      fc.stringMatching(/^[Bb]earer +[A-Za-z0-9._~+/-]{1,60}=*$/),
      fc.constant(exact.toUpperCase()),
      fc.constant(exact),
    );
    await fc.assert(
      fc.asyncProperty(header, async (authorization) => {
        const offered = bearerOf({ authorization }, '/api/content/');
        const verdict = offered.kind === 'bearer' ? await verifyToken(db, offered.token) : { ok: false };
        expect(verdict.ok).toBe(offered.kind === 'bearer' && offered.token === token);
        if (verdict.ok) expect(authorization).toMatch(new RegExp(`^bearer +${token.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')}$`, 'i'));
      }),
      { numRuns: 150 },
    );
  });

  it('names every query-string token that a log line then gives redacted', () => {
    const value = fc.stringMatching(/^[A-Za-z0-9._~-]{16,40}$/);
    const name = fc.constantFrom('access_token', 'ACCESS_TOKEN', 'access%5Ftoken', 'Access_Token');
    const other = fc.array(fc.tuple(fc.stringMatching(/^[a-z]{1,8}$/), fc.stringMatching(/^[a-z0-9]{0,8}$/)), { maxLength: 3 });
    fc.assert(
      fc.property(value, name, other, other, (secret, key, before, after) => {
        const pairs = [...before.map(([k, v]) => `${k}=${v}`), `${key}=${secret}`, ...after.map(([k, v]) => `${k}=${v}`)];
        const url = `/api/content/events/?${pairs.join('&')}`;
        expect(bearerOf({}, url)).toEqual({ kind: 'elsewhere', where: 'query' });
        const logged = redactedUrl(url);
        expect(logged).not.toContain(secret);
        expect(logged).toContain(`${key}=[redacted]`);
      }),
    );
    expect(redactedUrl('/a?x=1&y=2#f')).toBe('/a?x=1&y=2#f');
    expect(redactedUrl('/a?x=1&access_token=s3cret&y=2#f')).toBe('/a?x=1&access_token=[redacted]&y=2#f');
  });
});

describe('the write guard', () => {
  const lines: string[] = [];
  const apps: FastifyInstance[] = [];
  let token: string;
  let revoked: string;
  let clock = 1_000_000;

  // A tiny app: one guarded write, and one read counted by the site's fair use (3 a minute).
  const appWith = async (options: WriteGuardOptions = {}): Promise<FastifyInstance> => {
    const stream = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream, serializers: requestLogSerializers('full') } });
    const use = fairUse(app, { max: 3, windowSeconds: 60 });
    const guard = writeGuard(db, { now: () => clock, ...options });
    app.put('/api/content/item', async (request, reply) => {
      const allowed = await guard.check(request, reply);
      if (!allowed.ok) return reply;
      return { writer: allowed.tokenName };
    });
    app.get('/api/read', async (request, reply) => {
      if (await use.uncached(request, reply)) return reply;
      return { read: true };
    });
    await app.ready();
    apps.push(app);
    return app;
  };

  const put = (app: FastifyInstance, remoteAddress: string, headers: Record<string, string> = {}, url = '/api/content/item') =>
    app.inject({ method: 'PUT', url, remoteAddress, headers, payload: {} });

  beforeAll(async () => {
    token = await createToken(db, 'guarded');
    revoked = await createToken(db, 'guarded-revoked');
    await revokeToken(db, 'guarded-revoked');
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  beforeEach(() => {
    lines.length = 0;
  });

  it('lets a live token through with its name', async () => {
    const app = await appWith();
    const answer = await put(app, '198.51.100.1', { authorization: `Bearer ${token}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ writer: 'guarded' });
  });

  it('answers 401 with WWW-Authenticate and a problem: no token, a wrong one, a revoked one, a malformed one', async () => {
    const app = await appWith();
    const none = await put(app, '198.51.100.2');
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="content"');
    expect(none.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(none.headers['cache-control']).toBe('no-store');
    expect(none.json()).toEqual({ type: 'about:blank', title: 'Unauthorized', status: 401, detail: expect.any(String) as unknown });
    const answers = await Promise.all(
      [`Bearer ${token}x`, `Bearer ${revoked}`, 'Bearer not,one', `Bearer  ${token.toLowerCase()}`].map((authorization) =>
        put(app, '198.51.100.3', { authorization }),
      ),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.headers['www-authenticate']).toBe('Bearer realm="content", error="invalid_token"');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.json()).toMatchObject({ status: 401, title: 'Unauthorized' });
    }
    // One body for every wrong token: nothing tells a revoked one from one never made.
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
  });

  it('refuses a token in the query string or a cookie with 400, and never logs it', async () => {
    const app = await appWith();
    const query = await put(app, '198.51.100.4', {}, `/api/content/item?access_token=${token}`);
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ status: 400, detail: expect.stringContaining('Authorization header') as unknown });
    expect(query.headers['www-authenticate']).toBe('Bearer realm="content", error="invalid_request"');
    const cookie = await put(app, '198.51.100.4', { cookie: `token=${token}`, authorization: `Bearer ${token}` });
    expect(cookie.statusCode).toBe(400);
    const text = lines.join('');
    expect(text).toContain('access_token=[redacted]');
    expect(text).toContain('"reason":"token in the query string"');
    expect(text).toContain('"reason":"token in a cookie"');
    expect(text).not.toContain(token);
    expect(text).not.toContain(token.slice(4));
  });

  it('logs each refusal with the address and the name of a token of ours, never the token', async () => {
    const app = await appWith();
    const wrong = `ist_${'A'.repeat(43)}`;
    await put(app, '192.0.2.77', { authorization: `Bearer ${revoked}` });
    await put(app, '192.0.2.77', { authorization: `Bearer ${wrong}` });
    await put(app, '192.0.2.77', { authorization: `Bearer ${token}` });
    const refusals = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line['msg'] === 'content API: refused token')
      .map(({ address, token: name, reason, level }) => ({ address, name, reason, level }));
    expect(refusals).toEqual([
      { address: '192.0.2.77', name: 'guarded-revoked', reason: 'revoked', level: 40 },
      { address: '192.0.2.77', name: undefined, reason: 'unknown', level: 40 },
    ]);
    const text = lines.join('');
    for (const secret of [revoked, wrong, token]) expect(text).not.toContain(secret.slice(4));
  });

  it('answers 429 with Retry-After past N failures of one address, even to a right token, and not to another address', async () => {
    const app = await appWith({ maxFailures: 3, windowSeconds: 60 });
    for (let i = 0; i < 3; i += 1) expect((await put(app, '203.0.113.9', { authorization: 'Bearer wrong' })).statusCode).toBe(401);
    clock += 10_000;
    const limited = await put(app, '203.0.113.9', { authorization: `Bearer ${token}` });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('50');
    expect(limited.headers['cache-control']).toBe('no-store');
    expect(limited.json()).toMatchObject({ type: 'about:blank', title: 'Too Many Requests', status: 429 });
    // Another spelling of the same address is the same client.
    expect((await put(app, '::ffff:203.0.113.9', { authorization: `Bearer ${token}` })).statusCode).toBe(429);
    expect((await put(app, '203.0.113.10', { authorization: `Bearer ${token}` })).statusCode).toBe(200);
    // The site's fair use did not count the failures: its 3 reads a minute are all there.
    for (let i = 0; i < 3; i += 1) expect((await app.inject({ method: 'GET', url: '/api/read', remoteAddress: '203.0.113.9' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/read', remoteAddress: '203.0.113.9' })).statusCode).toBe(429);
    // And the reads did not count against the writes: once the window has passed, the right token goes through.
    clock += 50_000;
    expect((await put(app, '203.0.113.9', { authorization: `Bearer ${token}` })).statusCode).toBe(200);
  });

  it('counts guesses sent at once: no more than N are checked', async () => {
    const app = await appWith({ maxFailures: 3 });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => put(app, '203.0.113.20', { authorization: `Bearer guess${i}` })));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(3).fill(401), ...Array<number>(9).fill(429)]);
  });

  it('keeps a bounded number of addresses, forgetting the one that failed longest ago', async () => {
    const app = await appWith({ maxFailures: 2, maxAddresses: 2 });
    for (let i = 0; i < 2; i += 1) await put(app, '203.0.113.30', { authorization: 'Bearer wrong' });
    expect((await put(app, '203.0.113.30', { authorization: `Bearer ${token}` })).statusCode).toBe(429);
    await put(app, '203.0.113.31', { authorization: 'Bearer wrong' });
    await put(app, '203.0.113.32', { authorization: 'Bearer wrong' });
    expect((await put(app, '203.0.113.30', { authorization: `Bearer ${token}` })).statusCode).toBe(200);
  });
});

describe('npm run token', () => {
  const TOKEN_MAIN = join(ROOT, 'build/server/token.cjs');
  const run = promisify(execFile);
  let dataDir: string;
  let schema: Awaited<ReturnType<typeof privateSchema>> | null = null;
  let env: Record<string, string>;

  const command = async (args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> => {
    try {
      const { stdout, stderr } = await run(process.execPath, [TOKEN_MAIN, ...args], { env: { ...process.env, ...env, LOG_LEVEL: 'warn' } });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const { code, stdout, stderr } = error as { code?: number; stdout?: string; stderr?: string };
      return { code: code ?? -1, stdout: stdout ?? '', stderr: stderr ?? '' };
    }
  };

  // The database as the server would open it, once no process holds it.
  const verifyOnDisk = async (presented: string) => {
    const opened = await openDatabase({ dataDir, databaseUrl: schema?.url });
    try {
      return await verifyToken(opened, presented);
    } finally {
      await opened.close();
    }
  };

  const stop = async (server: ChildRun): Promise<void> => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  };

  beforeAll(async () => {
    ensureServerBuilt();
    // A build made before the command existed is otherwise fresh: ensureServerBuilt does not know this output.
    if (!existsSync(TOKEN_MAIN)) execFileSync(process.execPath, [join(ROOT, 'scripts/build-server.mjs')], { cwd: ROOT, stdio: 'inherit' });
    dataDir = await seededDataDir();
    if (testBackend() === 'postgres') schema = await privateSchema('tokens');
    env = { DATA_DIR: dataDir, ...(schema !== null ? { DATABASE_URL: schema.url } : {}) };
  });

  afterAll(async () => {
    await schema?.drop();
    removeDataDir(dataDir);
  });

  it('makes, lists and revokes tokens with no server running, and beside a running server', async () => {
    const alone = await command(['create', 'robot']);
    expect(alone).toMatchObject({ code: 0, stderr: expect.stringMatching(/shown once/) as unknown });
    expect(alone.stdout).toMatch(/^ist_[A-Za-z0-9_-]{43}\n$/);
    const first = alone.stdout.trim();
    expect((await command(['create', 'robot'])).code).toBe(1);

    const server = startServer(dataDir, env);
    await listeningPort(server);
    const beside = await command(['create', 'beside']);
    expect(beside).toMatchObject({ code: 0, stderr: expect.stringMatching(/shown once/) as unknown });
    expect(beside.stdout).toMatch(/^ist_[A-Za-z0-9_-]{43}\n$/);
    const second = beside.stdout.trim();
    const taken = await command(['create', 'beside']);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toMatch(/^a token named "beside" exists already/);
    const listed = await command(['list']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^NAME +CREATED +REVOKED\nbeside +\d{4}-\d\d-\d\dT[\d:]+Z +-\nrobot +\S+ +-\n$/);
    expect(listed.stdout).not.toContain(first.slice(4));
    expect((await command(['revoke', 'robot'])).stdout).toMatch(/^token "robot" revoked at \S+Z/);
    expect((await command(['revoke', 'nobody'])).stderr).toMatch(/^no token is named "nobody"/);
    await stop(server);

    expect(await verifyOnDisk(second)).toEqual({ ok: true, name: 'beside' });
    expect(await verifyOnDisk(first)).toEqual({ ok: false, reason: 'revoked', name: 'robot' });
    expect((await command(['list'])).stdout).toMatch(/^robot +\S+Z +\S+Z$/m);
  });

  it('says how it is used', async () => {
    for (const args of [[], ['create'], ['list', 'x'], ['drop', 'x'], ['create', 'a', 'b'], ['create', '--force', 'x']]) {
      const usage = await command(args);
      expect({ args, code: usage.code }).toEqual({ args, code: 2 });
      expect(usage.stderr).toMatch(/^usage: /);
    }
  });
});
