import { pino, type Logger } from 'pino';

/**
 * The server's one log: a JSON object per line on standard output, from the start's first check to
 * the drain's last word, requests included (Fastify logs through a child of it). The lifecycle
 * (start, migrations, seed, import, drain, refusals) is said at `info` or above, more detailed when
 * `LOG_LEVEL` is `debug` or `trace`, only a refused start (`fatal`) when it is `silent`; `LOG_LEVEL` sets what the requests
 * log (`warn` by default: a request is not logged unless it fails).
 */

const DETAILED = new Set(['debug', 'trace']);
const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

// What the lifecycle is told at: `info`, or more detail when asked; `silent` still says why a start stops (`fatal`), the one line an operator must see.
const lifecycleLevel = (level: string): string => (level === 'silent' ? 'fatal' : DETAILED.has(level) ? level : 'info');

/** The process's lifecycle logger for `LOG_LEVEL` as given (an unknown one reads as `info`: its refusal must still be said). */
export const lifecycleLog = (level: string | undefined): Logger =>
  // Written as said: a line before `process.exit` (a refusal, the drain's report) is never lost, and lines keep their order.
  pino({ level: lifecycleLevel(LEVELS.has(level ?? '') ? (level ?? 'info') : 'info') }, pino.destination({ dest: 1, sync: true }));

/** The logger Fastify logs requests through: a child of `lifecycle`, on the same output, at `LOG_LEVEL` itself. */
export const requestLog = (lifecycle: Logger, level: string): Logger => lifecycle.child({}, { level });
