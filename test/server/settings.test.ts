import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { build } from 'esbuild';
import { readSettings } from '../../server/settings';
import { ensureServerBuilt, logMessage, ROOT, SEED_MAIN, startServer } from '../support/server-child';
import { testBackend } from '../support/test-database';

// The server's settings are read and checked before anything else: a bad one stops the start with
// one line naming it and exit 2, before the database is opened (PGlite's folder is not even made).

jest.setTimeout(120_000);

// "At once" is read from what the start did, never from a clock (a loaded machine takes its time): one
// line, exit 2 before the 30 s kill, and no database folder made; a start that retried would say so in more lines.
const refusedStart = async (env: Record<string, string>): Promise<{ status: number | NodeJS.Signals | null; lines: string[]; dataDir: string }> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'settings-'));
  const run = startServer(dataDir, { DATABASE_URL: '', ...env });
  const timer = setTimeout(() => run.child.kill('SIGKILL'), 30_000);
  const status = await run.exited;
  clearTimeout(timer);
  // Each line a JSON object (the server's log), read by its message: a line that is not one stays as it is, and fails.
  const lines = run
    .output()
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => logMessage(line) ?? line);
  return { status, lines, dataDir };
};

it.each([
  ['PUBLIC_ORIGIN', 'ftp://canton.example', /^PUBLIC_ORIGIN must be an http or https address/],
  ['PUBLIC_ORIGIN', 'www.canton.example', /^PUBLIC_ORIGIN must be an absolute address/],
  ['CORS_ORIGINS', '*', /^CORS_ORIGINS holds "\*"/],
  ['PORT', '99999', /^PORT must be a whole number from 0 to 65535 \(got "99999"\)$/],
  ['PORT', '80a', /^PORT must be a whole number/],
  ['TRUST_PROXY', '127.0.0.1,proxy.local', /^TRUST_PROXY holds "proxy\.local"/],
  ['TRUST_PROXY', '10.0.0.0/33', /^TRUST_PROXY holds "10\.0\.0\.0\/33"/],
  ['TRUST_PROXY', 'true', /^TRUST_PROXY=true trusts every client as a proxy, so each could choose its own address and escape fair use: name the proxies' addresses/],
  ['TRUST_PROXY', '127.0.0.1, 0.0.0.0/0', /^TRUST_PROXY=0\.0\.0\.0\/0 trusts every client as a proxy/],
  ['TRUST_PROXY', '::/0', /^TRUST_PROXY=::\/0 trusts every client as a proxy/],
  ['WORKERS', '0', /^WORKERS must be a whole number from 1 to 64 \(got "0"\)$/],
  ['WORKERS', 'two', /^WORKERS must be a whole number/],
  ['LOG_LEVEL', 'loud', /^LOG_LEVEL must be one of/],
  ['METRICS_ADDRESSES', 'everyone', /^METRICS_ADDRESSES holds "everyone", which is not an address, a range/],
  ['SITE_API_BASE', 'api.canton.example', /^SITE_API_BASE must be an http or https address/],
  ['ORDER_EMAIL', 'publications', /^ORDER_EMAIL must be one e-mail address such as publications@canton\.example \(got "publications"\)$/],
  ['ORDER_EMAIL', 'a@b.ch, c@d.ch', /^ORDER_EMAIL must be one e-mail address/],
  ['DATABASE_URL', 'notaurl', /^DATABASE_URL must be a PostgreSQL address/],
  ['DATABASE_URL', 'mysql://site:site@127.0.0.1:3306/site', /^DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ address \(got a mysql:\/\/ one\)$/],
  ['DATABASE_URL', 'postgres://site:site@no-such-host.invalid:5432/site', /^DATABASE_URL names the host "no-such-host\.invalid", which does not resolve$/],
  ['HOST', 'not a host!', /^HOST must be an IP address such as 127\.0\.0\.1 or ::, or a host name \(got "not a host!"\)$/],
  // TEST-NET-1 (RFC 5737): an address of no machine here, found when listening, before the database.
  ['HOST', '192.0.2.1', /^HOST=192\.0\.2\.1 PORT=0 cannot be listened on: HOST is not an address of this machine \(EADDRNOTAVAIL\)$/],
  ['HOST', 'no-such-host.invalid', /^HOST=no-such-host\.invalid PORT=0 cannot be listened on: HOST names a host that does not resolve \(ENOTFOUND\)$/],
  ['PGLITE_SHARED_BUFFERS', '1TB', /^PGLITE_SHARED_BUFFERS must be a size from 128kB to 1GB such as 16MB or 64MB \(got "1TB"\)$/],
  ['PGLITE_SHARED_BUFFERS', '4GB', /^PGLITE_SHARED_BUFFERS must be a size from 128kB to 1GB/],
  ['DIST_DIR', '/nonexistent', /^DIST_DIR=\/nonexistent holds no built site \(no index\.html and widget-chunks\.json\): run "npm run build"/],
  ['DATA_DIR', '/etc/hostname', /^DATA_DIR=\/etc\/hostname is a file, not a folder$/],
  ['CORS_ORIGINS', 'https://*.example', /^CORS_ORIGINS holds "https:\/\/\*\.example": patterns are not read, name each origin/],
  [
    'SITE_API_BASE',
    'https://api.canton.example/"onmouseover="x',
    /^SITE_API_BASE must name a host of letters, digits, dots and dashes, or an IP address, and hold no quote/,
  ],
  [
    'PUBLISHER_NAME',
    'Chancellerie\u2028<script>',
    /^PUBLISHER_NAME must be one line of at most 200 characters, without control, line-separator or invisible format characters$/,
  ],
  ['PUBLISHER_NAME', 'Chancellerie \u202Eetat', /^PUBLISHER_NAME must be one line/],
  ['SITE_PROFILE', '/nonexistent-profile', /^SITE_PROFILE=\/nonexistent-profile: no such folder \(a site profile holds site\.json, emblem\.svg and texts\/\)$/],
  ['SITE_PROFILE', '/etc/hostname', /^SITE_PROFILE=\/etc\/hostname is a file, not a folder$/],
])('%s=%s stops the start at once with one line and exit 2, the database untouched', async (name, value, line) => {
  const { status, lines, dataDir } = await refusedStart({ [name]: value });
  try {
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(line);
    expect(status).toBe(2);
    // PGlite's folder is made when the database opens: a bad setting never gets that far.
    expect(readdirSync(dataDir)).toEqual([]);
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

it('a port another program listens on stops the start with one line and exit 2 before the database is made', async () => {
  const taken = createServer();
  await new Promise<void>((done) => taken.listen({ port: 0, host: '127.0.0.1' }, done));
  const { port } = taken.address() as AddressInfo;
  try {
    const { status, lines, dataDir } = await refusedStart({ PORT: String(port) });
    try {
      expect(lines).toEqual([`HOST=127.0.0.1 PORT=${port} cannot be listened on: another program listens there (EADDRINUSE)`]);
      expect(status).toBe(2);
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  } finally {
    taken.close();
  }
});

it('a SITE_PROFILE whose colours do not contrast stops the start with one line naming the folder and each field, exit 2, before DATA_DIR is made', async () => {
  const profile = mkdtempSync(join(tmpdir(), 'profile-'));
  cpSync(join(ROOT, 'profiles/valmont'), profile, { recursive: true });
  const settings = JSON.parse(readFileSync(join(profile, 'site.json'), 'utf8')) as { colours: Record<string, string> };
  settings.colours['focus'] = '#333333';
  writeFileSync(join(profile, 'site.json'), JSON.stringify(settings));
  try {
    const { status, lines, dataDir } = await refusedStart({ SITE_PROFILE: profile });
    const made = readdirSync(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
    expect(lines).toEqual([
      `SITE_PROFILE=${profile}: colours.focus: contrast 1.33:1 with colours.text, needs 3:1 (the focus ring: its outline on its halo and on the footer)`,
    ]);
    expect(status).toBe(2);
    // PGlite's folder is made when the database opens: a refused profile never gets that far.
    expect(made).toEqual([]);
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
});

it('takes DIST_DIR=none as the API alone, and a DATA_DIR and DIST_DIR as absolute folders', () => {
  expect(readSettings({ DIST_DIR: 'none' }).distDir).toBeNull();
  expect(readSettings({ DIST_DIR: 'build-x', DATA_DIR: 'data-x' })).toMatchObject({ distDir: join(ROOT, 'build-x'), dataDir: join(ROOT, 'data-x') });
  expect(readSettings({ HOST: '::' }).host).toBe('::');
  expect(readSettings({ HOST: 'localhost' }).host).toBe('localhost');
  expect(readSettings({}).siteProfile).toBe(join(ROOT, 'profiles/valmont'));
  expect(readSettings({ SITE_PROFILE: 'profiles/other' }).siteProfile).toBe(join(ROOT, 'profiles/other'));
});

it('reads the settings without loading the app: no package, route, cache or database, only the checks of its variables', async () => {
  const { metafile } = await build({
    absWorkingDir: ROOT,
    entryPoints: ['server/settings.ts'],
    bundle: true,
    platform: 'node',
    packages: 'external',
    write: false,
    metafile: true,
  });
  const modules = Object.keys(metafile.inputs);
  const packages = Object.values(metafile.inputs).flatMap(({ imports }) => imports.filter((found) => found.external).map((found) => found.path));
  expect(packages.filter((name) => !name.startsWith('node:'))).toEqual([]);
  expect(
    modules.filter((path) =>
      /^server\/(http\/(app|http-rules|query-schemas|routes\/)|cache\/(fair-use|answer-cache)\.ts|data\/(?!pglite\/pglite-settings\.ts)|render\/)/.test(path),
    ),
  ).toEqual([]);
  expect(modules).toContain('server/http/public-origin.ts');
});

it('refuses a TRUST_PROXY that trusts every hop, and takes the proxies named by address, range or name', () => {
  for (const everyHop of ['true', '0.0.0.0/0', '10.0.0.1, ::/0', '0.0.0.0/0.0.0.0']) {
    expect(() => readSettings({ TRUST_PROXY: everyHop })).toThrow(
      /^TRUST_PROXY=\S+ trusts every client as a proxy, so each could choose its own address and escape fair use/,
    );
  }
  expect(readSettings({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8, loopback' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', 'loopback']);
  expect(readSettings({ TRUST_PROXY: '0.0.0.0/1' }).trustProxy).toEqual(['0.0.0.0/1']);
  expect(readSettings({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  expect(readSettings({}).trustProxy).toBe(false);
});

it('reads METRICS_ADDRESSES: the loopback unless set, a list of addresses and ranges, none to turn /metrics off, anything else refused', () => {
  expect(readSettings({}).metricsAddresses).toEqual(['127.0.0.1', '::1']);
  expect(readSettings({ METRICS_ADDRESSES: ' 10.0.0.0/8, ::1 , loopback' }).metricsAddresses).toEqual(['10.0.0.0/8', '::1', 'loopback']);
  expect(readSettings({ METRICS_ADDRESSES: 'none' }).metricsAddresses).toBeNull();
  expect(() => readSettings({ METRICS_ADDRESSES: '127.0.0.1, prometheus.local' })).toThrow(/^METRICS_ADDRESSES holds "prometheus\.local", which is not an address/);
  expect(() => readSettings({ METRICS_ADDRESSES: '10.0.0.0/33' })).toThrow(/^METRICS_ADDRESSES holds "10\.0\.0\.0\/33"/);
});

it("takes ORDER_EMAIL trimmed, and no override (the profile's office) when it is unset or empty; the same for each PUBLISHER_*", () => {
  expect(readSettings({ ORDER_EMAIL: ' commandes@canton.example ' }).orderEmail).toBe('commandes@canton.example');
  expect(readSettings({}).orderEmail).toBeUndefined();
  expect(readSettings({ ORDER_EMAIL: '' }).orderEmail).toBeUndefined();
  expect(readSettings({}).publisher).toEqual({});
  expect(readSettings({ PUBLISHER_ID: ' office-x ', PUBLISHER_NAME: '' }).publisher).toEqual({ id: 'office-x' });
});

it.each([
  [{ PUBLIC_ORIGIN: 'ftp://canton.example' }, 'PUBLIC_ORIGIN must be an http or https address (got "ftp://canton.example")'],
  [
    { DIST_DIR: 'none', SITE_PROFILE: '/nonexistent-profile' },
    'SITE_PROFILE=/nonexistent-profile: no such folder (a site profile holds site.json, emblem.svg and texts/)',
  ],
])(
  "`npm start`'s seed (`seed --if-empty`, run before the server) checks the server's settings first: %o stops it with one line and exit 2, the database untouched",
  (env, line) => {
    ensureServerBuilt();
    const dataDir = mkdtempSync(join(tmpdir(), 'settings-'));
    try {
      const run = spawnSync(process.execPath, ['--enable-source-maps', SEED_MAIN, '--if-empty'], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ...env },
      });
      expect(
        `${run.stdout}${run.stderr}`
          .trim()
          .split('\n')
          .map((printed) => logMessage(printed) ?? printed),
      ).toEqual([line]);
      expect(run.status).toBe(2);
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);

// Registered on PostgreSQL only (`npm run test:postgres`): a real server refuses the address.
if (testBackend() === 'postgres')
  describe('a PostgreSQL that refuses DATABASE_URL for good', () => {
    const address = (change: (url: URL) => void): string => {
      const url = new URL(process.env['DATABASE_URL'] ?? '');
      change(url);
      return url.toString();
    };

    it.each([
      [
        'a wrong password',
        (url: URL) => void (url.password = 'not-the-password'),
        /^PostgreSQL refuses DATABASE_URL: password authentication failed for user "\w+" \(28P01\)$/,
      ],
      [
        'an address without the password PostgreSQL asks for',
        (url: URL) => void (url.password = ''),
        /^PostgreSQL asks for a password that DATABASE_URL does not give$/,
      ],
      [
        'a database that does not exist',
        (url: URL) => void (url.pathname = '/no_such_database'),
        /^PostgreSQL refuses DATABASE_URL: database "no_such_database" does not exist \(3D000\)$/,
      ],
    ])('%s stops the start at once with one line and exit 2', async (_what, change, line) => {
      const { status, lines, dataDir } = await refusedStart({ DATABASE_URL: address(change) });
      rmSync(dataDir, { recursive: true, force: true });
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(line);
      expect(status).toBe(2);
    });
  });
