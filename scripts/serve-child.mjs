// The server of `npm start` as a child process of its launcher, stopped with it. Run alone
// (`node scripts/serve-child.mjs`) it serves whatever DIST_DIR holds, as `npm start` does after its build.
// Node's own modules only: `npm start` imports this before its install step.
import { spawn } from 'node:child_process';
import { constants, hostname } from 'node:os';
import { SERVER_MAIN, SERVER_NODE_FLAGS } from './server-command.mjs';

const root = new URL('..', import.meta.url).pathname;

/** The signals a launcher passes on: Ctrl-C, a service manager's stop, a closed terminal. */
export const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

// `npm start` runs its script through `sh -c`, and npm passes SIGTERM to that shell only, which
// dies of it without passing it on: a launcher whose parent has gone (it was given to init or to a
// subreaper) stops the server as if it had been signalled. Checked this often:
export const PARENT_CHECK_MS = 1_000;

/**
 * Starts the compiled server (`build/server/main.cjs`, as `npm run serve` does), passes the
 * launcher's signals on, stops the server when the launcher's parent goes, and ends the launcher
 * with the server's exit code.
 */
export const serveChild = ({ env = process.env } = {}) => {
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_MAIN], { cwd: root, stdio: 'inherit', env });
  const stop = (signal) => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  };
  // A closed terminal (SIGHUP) ends the server as a stop does: it drains rather than dies.
  for (const signal of FORWARDED_SIGNALS) process.on(signal, () => stop(signal === 'SIGHUP' ? 'SIGTERM' : signal));
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    // One JSON object, in the shape of the server's own log lines (server/telemetry/log.ts), written by hand: no package here.
    const line = { level: 30, time: Date.now(), pid: process.pid, hostname: hostname(), msg: `the launcher's parent (${parent}) has gone: stopping the server` };
    console.log(JSON.stringify(line));
    stop('SIGTERM');
  }, PARENT_CHECK_MS);
  watch.unref();
  server.on('exit', (code, signal) => {
    clearInterval(watch);
    // A server killed by a signal ends its launcher the way a shell reports it: 128 + the signal's number.
    process.exit(code ?? (signal === null ? 1 : 128 + (constants.signals[signal] ?? 0)));
  });
  return server;
};

if (import.meta.url === `file://${process.argv[1]}`) serveChild();
