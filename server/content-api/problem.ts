import { STATUS_CODES } from 'node:http';
import type { FastifyReply } from 'fastify';

/** The media type of RFC 9457 problem details. */
export const PROBLEM_TYPE = 'application/problem+json';

/** One faulty field of a body: its JSON Pointer in the item and why. */
export interface FieldFault {
  readonly pointer: string;
  readonly detail: string;
}

/** What a problem says beyond its status: a sentence, and the faulty fields or the items in the way. */
export interface Problem {
  readonly detail: string;
  readonly errors?: readonly FieldFault[];
  /** The items a conflict names (`events/12`). */
  readonly items?: readonly string[];
}

/**
 * Sends an RFC 9457 problem: `type` is `about:blank` (the status says it all), `title` the
 * status's phrase; never stored by any cache.
 */
export const sendProblem = (reply: FastifyReply, status: number, problem: Problem): FastifyReply =>
  reply
    .code(status)
    .header('content-type', `${PROBLEM_TYPE}; charset=utf-8`)
    .header('cache-control', 'no-store')
    .send(JSON.stringify({ type: 'about:blank', title: STATUS_CODES[status] ?? 'Error', status, ...problem }));
