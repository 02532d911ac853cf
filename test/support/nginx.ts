import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const DEBIAN_NGINX = '/usr/sbin/nginx';
const OPERATIONS_DOC = resolve(__dirname, '../../docs/operations.md');

const isRoot = (): boolean => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * The nginx to run: `NGINX_PATH`, then Debian's `/usr/sbin/nginx`; on Debian as root a missing
 * nginx is installed with apt-get (`nginx-light`), as a fresh CI machine running `npm test` needs.
 * Otherwise it throws a message that says what to install.
 */
export const ensureNginx = (): string => {
  const fromEnv = process.env['NGINX_PATH'];
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`NGINX_PATH points to ${fromEnv}, which does not exist.`);
  }
  if (existsSync(DEBIAN_NGINX)) return DEBIAN_NGINX;
  if (existsSync('/etc/debian_version') && isRoot()) {
    console.log("nginx is missing: installing Debian's nginx-light package…");
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    // The package's own service is not started: policy-rc.d refuses it in containers, and the tests start their own.
    execFileSync('apt-get', ['install', '-y', '-qq', 'nginx-light'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (existsSync(DEBIAN_NGINX)) return DEBIAN_NGINX;
  }
  throw new Error('The proxy tests need nginx. Install it (Debian: `apt-get install nginx-light`) or set NGINX_PATH to an nginx binary.');
};

/** The nginx block of docs/operations.md ("Behind a reverse proxy or a CDN"), as written there. */
export const documentedNginxBlock = (): string => {
  const doc = readFileSync(OPERATIONS_DOC, 'utf8');
  const section = doc.indexOf('## Behind a reverse proxy or a CDN');
  const block = /```nginx\n([\s\S]*?)```/.exec(doc.slice(section));
  if (section < 0 || block?.[1] === undefined) throw new Error('docs/operations.md holds no nginx block under "Behind a reverse proxy or a CDN"');
  return block[1];
};

/**
 * The documented block with only what a test machine needs changed, as docs/operations.md says:
 * each `listen 443 ssl http2` becomes `port` on 127.0.0.1 without TLS (the `ssl_…` lines are
 * dropped), the upstream's 8080 becomes `upstreamPort`, and the cache folder `cacheDir`.
 */
export const testNginxBlock = (documented: string, { port, upstreamPort, cacheDir }: { port: number; upstreamPort: number; cacheDir: string }): string => {
  const replaced = (text: string, pattern: RegExp, by: string): string => {
    if (!pattern.test(text)) throw new Error(`the documented nginx block no longer matches ${String(pattern)}: update test/support/nginx.ts with the doc`);
    return text.replace(pattern, by);
  };
  let block = replaced(documented, /listen 443 ssl http2/g, `listen 127.0.0.1:${port}`);
  block = replaced(block, /^\s*ssl_\S+ [^\n]*\n/gm, '');
  block = replaced(block, /server 127\.0\.0\.1:8080;/, `server 127.0.0.1:${upstreamPort};`);
  return replaced(block, /\/var\/cache\/nginx\/canton/, cacheDir);
};

/** A free port of 127.0.0.1 at the time of asking. */
export const freePort = (): Promise<number> =>
  new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
  });

const accepts = (port: number): Promise<boolean> =>
  new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });

/** An nginx running the documented configuration in front of a server. */
export interface RunningNginx {
  readonly url: string;
  readonly port: number;
  /** The configuration it runs: the test's wrapping of the documented block. */
  readonly config: string;
  /** The lines nginx logged per request: `"<request>" <status> <upstream status or ->`. */
  readonly accessLog: () => string;
  readonly stop: () => Promise<void>;
}

/** A running nginx of `runNginx`: the configuration it runs, and its graceful stop (the folder removed). */
export interface NginxProcess {
  readonly config: string;
  readonly stop: () => Promise<void>;
}

/**
 * Starts nginx (installed first if need be) in `dir`, as a test or a bench needs it: in the
 * foreground, its pid, error log and temporary folders in `dir`, with `workers` processes, and
 * `http` (the lines of its `http` block) after what Debian's `nginx.conf` sets there. Resolves once
 * `port` accepts connections; `stop` also removes `dir`.
 */
export const runNginx = async ({ dir, port, workers, http }: { dir: string; port: number; workers: number; http: readonly string[] }): Promise<NginxProcess> => {
  const nginx = ensureNginx();
  // Started as root, nginx's workers run as an unprivileged user: they must reach the folder and write the temporary files.
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, 'temp'), { mode: 0o777 });
  chmodSync(join(dir, 'temp'), 0o777);
  const config = [
    'daemon off;',
    `worker_processes ${workers};`,
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'error.log')} warn;`,
    'events { worker_connections 4096; }',
    'http {',
    // As Debian's own nginx.conf sets them: files go to the socket by the kernel.
    '  sendfile on;',
    '  tcp_nopush on;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${join(dir, 'temp', kind)};`),
    ...http,
    '}',
    '',
  ].join('\n');
  writeFileSync(join(dir, 'nginx.conf'), config);
  const child = spawn(nginx, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const started = Date.now();
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() - started > 10_000) {
      child.kill('SIGKILL');
      const log = existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '';
      throw new Error(`nginx did not start:\n${output}${log}\n${config}`);
    }
    await new Promise((done) => setTimeout(done, 50));
  }
  return {
    config,
    stop: async () => {
      // SIGQUIT: nginx's graceful stop, its workers included.
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

/**
 * Starts nginx (installed first if need be) with the documented block, changed as `testNginxBlock`
 * says, in front of the server on `upstreamPort`, with `workers` processes and its access log unless
 * `accessLog` is false; everything it writes stays in a temporary folder.
 */
export const startNginx = async ({
  upstreamPort,
  workers = 1,
  accessLog = true,
}: {
  upstreamPort: number;
  workers?: number;
  accessLog?: boolean;
}): Promise<RunningNginx> => {
  const dir = mkdtempSync(join(tmpdir(), 'nginx-'));
  mkdirSync(join(dir, 'cache'), { mode: 0o777 });
  chmodSync(join(dir, 'cache'), 0o777);
  const port = await freePort();
  const block = testNginxBlock(documentedNginxBlock(), { port, upstreamPort, cacheDir: join(dir, 'cache') });
  const running = await runNginx({
    dir,
    port,
    workers,
    http: [
      `  log_format upstream '"$request" $status $upstream_status';`,
      // A benchmark leaves the log out: a write per request is not what is measured.
      accessLog ? `  access_log ${join(dir, 'access.log')} upstream;` : '  access_log off;',
      block,
    ],
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    config: running.config,
    accessLog: () => (existsSync(join(dir, 'access.log')) ? readFileSync(join(dir, 'access.log'), 'utf8') : ''),
    stop: running.stop,
  };
};
