/**
 * Which failures mean "the database cannot answer now" (a 503 the client may retry) rather than
 * "this request met a bug" (a 500). Every request is decoded before any SQL, so an error that
 * the database raises for a well-formed request is either its absence or a defect of ours.
 */

/** How long a client is told to wait before asking again after a 503 (`Retry-After`, seconds): a PostgreSQL restart or a full queue usually clears within it. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Thrown when the bounded queue in front of the database is full: the request is refused at once rather than left waiting. */
export class DatabaseBusyError extends Error {
  constructor(message = 'the database queue is full') {
    super(message);
    this.name = 'DatabaseBusyError';
  }
}

// Node's socket errors of a server that is gone, refusing, or unreachable.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED']);

// PostgreSQL SQLSTATEs of a server shutting down, starting, or out of connections (Appendix A):
// 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 57P05 idle_session_timeout,
// 53300 too_many_connections, 53400 configuration_limit_exceeded (a role's or database's connection limit).
const SERVER_STATES = new Set(['57P01', '57P02', '57P03', '57P05', '53300', '53400']);
// 55000 object_not_in_prerequisite_state is a refusal to connect when it ends the session (FATAL):
// a database closed to connections (`ALTER DATABASE … ALLOW_CONNECTIONS false`) during maintenance.
// Raised by a statement instead, it is a defect of ours. The severity is never translated, the message may be.
const REFUSING_STATES = new Set(['55000']);

// What node-postgres and PGlite say when the connection or the instance is gone (they give no code).
const MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /Cannot use a pool after calling end/i,
  /PGlite is closed/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
];

const fieldOf = (error: object, name: string): unknown => (name in error ? (error as Record<string, unknown>)[name] : undefined);

/**
 * Whether `error` says the database is unavailable (down, restarting, unreachable, closed, or its
 * queue full): answered 503 with `Retry-After`, never 500. Looks through `cause` and `AggregateError`s.
 */
export const isDatabaseUnavailable = (error: unknown, depth = 0): boolean => {
  if (depth > 5 || error === null || typeof error !== 'object') return false;
  if (error instanceof DatabaseBusyError) return true;
  const code = fieldOf(error, 'code');
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_STATES.has(code) || code.startsWith('08'))) return true;
  if (typeof code === 'string' && REFUSING_STATES.has(code) && fieldOf(error, 'severity') === 'FATAL') return true;
  const message = fieldOf(error, 'message');
  if (typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message))) return true;
  const errors = fieldOf(error, 'errors');
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(fieldOf(error, 'cause'), depth + 1);
};
