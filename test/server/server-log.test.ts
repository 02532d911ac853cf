import { request } from 'node:http';
import { listeningPort, logText, privateSchema, removeDataDir, seededDataDir, startServer, waitFor, type ChildRun } from '../support/server-child';
import { testBackend } from '../support/test-database';

// Issue 45: the compiled server's every line is one JSON object, lifecycle included (start, drain),
// holding no visitor's whole address and no token; under WORKERS=2 (PostgreSQL) `/metrics` answered
// by either worker counts the requests of both.

jest.setTimeout(180_000);

/** GET `path` over a new connection (the cluster spreads connections), with `headers`; resolves with the status and body. */
const get = (port: number, path: string, headers: Readonly<Record<string, string>> = {}): Promise<{ status: number; body: string }> =>
  new Promise((done, fail) => {
    const call = request({ host: '127.0.0.1', port, path, agent: false, headers: { connection: 'close', ...headers } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => done({ status: response.statusCode ?? 0, body }));
    });
    call.on('error', fail);
    call.end();
  });

/** The sum of the samples of `name` whose labels hold every one of `labels`, in a Prometheus text. */
const total = (text: string, name: string, labels: readonly string[]): number =>
  text
    .split('\n')
    .filter((row) => row.startsWith(`${name}{`) && labels.every((label) => row.includes(label)))
    .reduce((sum, row) => sum + Number(row.split(' ').at(-1)), 0);

const SECRET = 'tok_3f9a1c0de5b7';

it('prints only JSON lines from its start through requests to its drain, none with a whole address or a token', async () => {
  const dataDir = await seededDataDir();
  const schema = testBackend() === 'postgres' ? await privateSchema('jsonlog') : null;
  const run: ChildRun = startServer(dataDir, { LOG_LEVEL: 'info', ...(schema === null ? { DATABASE_URL: '' } : { DATABASE_URL: schema.url }) });
  try {
    const port = await listeningPort(run);
    const secret = { authorization: `Bearer ${SECRET}`, cookie: `session=${SECRET}` };
    expect((await get(port, '/api/contacts/?page_size=2', secret)).status).toBe(200);
    expect((await get(port, '/api/no-such-route/', secret)).status).toBe(404);
    expect((await get(port, '/healthz')).status).toBe(200);
    expect((await get(port, '/metrics')).status).toBe(200);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  } finally {
    if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
    await schema?.drop();
    removeDataDir(dataDir);
  }
  const lines = run
    .output()
    .split('\n')
    .filter((line) => line !== '');
  // Every line, whatever wrote it.
  for (const line of lines) expect({ line, parsed: typeof (JSON.parse(line) as unknown) }).toEqual({ line, parsed: 'object' });
  const text = logText(run.output());
  expect(text).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+ /m);
  expect(text).toMatch(/^SIGTERM: closing$/m);
  expect(text).toMatch(/^drained: \d+ requests answered, \d+ refused with 503$/m);
  // Request lines at info: the visitor's address shortened (127.0.0.1 → 127.0.0.0), never a header's token.
  const requests = lines.map((line) => JSON.parse(line) as { msg?: string; req?: { remoteAddress?: string } }).filter((entry) => entry.msg === 'incoming request');
  expect(requests.length).toBeGreaterThanOrEqual(2);
  for (const entry of requests) expect(entry.req?.remoteAddress).toBe('127.0.0.0');
  expect(run.output()).not.toContain('"127.0.0.1"');
  expect(run.output()).not.toContain(SECRET);
  // Neither probes nor the collector are logged at info.
  expect(text).not.toMatch(/\/healthz|\/metrics/);
});

// Registered on PostgreSQL only (`npm run test:postgres`): WORKERS needs it.
if (testBackend() === 'postgres')
  it('under WORKERS=2, /metrics answered by either worker counts the requests both answered', async () => {
    const dataDir = await seededDataDir();
    const schema = await privateSchema('metrics');
    const run = startServer(dataDir, { WORKERS: '2', DATABASE_URL: schema.url, LOG_LEVEL: 'info' });
    try {
      const workers = await waitFor(
        'two workers to listen',
        () => {
          const found = [...logText(run.output()).matchAll(/^listening on http:\/\/127\.0\.0\.1:(\d+) \(postgres, worker (\d+)/gm)];
          return found.length >= 2 ? found : null;
        },
        run,
      );
      const port = Number(workers[0]![1]);
      const requests = 30;
      for (let index = 0; index < requests; index += 1) expect((await get(port, '/api/categories/agenda/')).status).toBe(200);
      // Both workers answered some (each request line carries its process's pid).
      const pids = new Set([...run.output().matchAll(/^\{.*"pid":(\d+).*"url":"\/api\/categories\/agenda\/".*"msg":"incoming request"/gm)].map((match) => match[1]));
      expect(pids.size).toBe(2);
      // Whichever worker a collector reaches, it gives the sum of both.
      for (let asked = 0; asked < 4; asked += 1) {
        const answer = await get(port, '/metrics');
        expect(answer.status).toBe(200);
        expect(total(answer.body, 'site_http_requests_total', ['route="/api/categories/agenda/"', 'status="200"'])).toBe(requests);
      }
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
    } finally {
      if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
      await schema.drop();
      removeDataDir(dataDir);
    }
  });
