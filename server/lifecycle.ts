// How the server's process ends, read by main.ts before anything heavy loads: this module imports nothing.

/** How long a draining process waits for its requests before it stops anyway: longer than the slowest full list under load, short enough for a service manager (systemd waits 90 s, Kubernetes 30 s). */
export const DRAIN_GRACE_MS = 10_000;

// Under `npm run serve` the server runs in npm's `sh -c`, and npm passes SIGTERM to that shell
// only, which dies of it without passing it on: a server then given to another parent (init or a
// subreaper) stops as if signalled. Only under npm: one started with `&` or nohup outlives its shell on purpose.
const PARENT_CHECK_MS = 1_000;

/** Calls `stop` once the npm launcher this process runs under has gone (never outside npm). */
export const onLauncherGone = (stop: () => void): void => {
  if (process.env['npm_lifecycle_event'] === undefined) return;
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    stop();
  }, PARENT_CHECK_MS);
  watch.unref();
};
