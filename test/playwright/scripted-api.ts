import type { Page, Request, Route } from 'playwright-core';

/** Which call an answer is for: its path, and query parameters it must carry (others may come too). */
export interface CallMatch {
  readonly path: string | RegExp;
  readonly query?: Readonly<Record<string, string>>;
}

/** The API of the page, played by the script: each call waits until a step answers it; and the page's scripts, when held. */
export interface ScriptedApi {
  /** Answers the latest call that matches (waiting for it) with 200 and the body as JSON. */
  readonly answer: (match: string | CallMatch, body: unknown) => Promise<void>;
  /** Answers the latest call that matches with an HTTP error: a 4xx is final, a 5xx is tried again by the widget. */
  readonly fail: (match: string | CallMatch, status: number) => Promise<void>;
  /** Waits until a call that matches is out and waiting for its answer (sent, not given up): a pause in typing is over. */
  readonly waiting: (match: string | CallMatch) => Promise<void>;
  /** How many calls matched so far, answered or not. */
  readonly count: (match: string | CallMatch) => number;
  /** Lets the page's scripts load, when they were held (BarePage's `holdScripts`): the page as its script takes it over. */
  readonly release: () => Promise<void>;
}

interface Call {
  readonly route: Route;
  readonly request: Request;
  readonly at: number;
  done: boolean;
}

// A call the page makes in answer to a visitor's act reaches the script a moment after the act: the
// script answers once no new call has come for this long, so that it answers the newest.
const QUIET_MS = 150;
const WAIT_MS = 8_000;

const matches = (match: string | CallMatch, request: Request): boolean => {
  const { path, query = {} } = typeof match === 'string' ? { path: match } : match;
  const url = new URL(request.url());
  if (typeof path === 'string' ? url.pathname !== path : !path.test(url.pathname)) return false;
  return Object.entries(query).every(([name, value]) => url.searchParams.get(name) === value);
};

const describe = (match: string | CallMatch): string => (typeof match === 'string' ? match : `${String(match.path)} ${JSON.stringify(match.query ?? {})}`);

/** Routes every call of the page under `/api/` to the script, which answers each as its steps say; `holdScripts` holds the page's scripts until `release`. */
export const scriptApi = async (page: Page, holdScripts = false): Promise<ScriptedApi> => {
  const calls: Call[] = [];
  const held: Route[] = [];
  let released = !holdScripts;
  if (holdScripts) {
    await page.route(
      (url) => url.pathname.endsWith('.js'),
      (route) => (released ? route.fallback() : void held.push(route)),
    );
  }
  // A call the widget gave up (a newer one cancelled it) is never answered.
  page.on('requestfailed', (request) => {
    for (const call of calls) if (call.request === request) call.done = true;
  });
  await page.route('**/api/**', (route) => {
    calls.push({ route, request: route.request(), at: Date.now(), done: false });
  });

  const latest = async (match: string | CallMatch): Promise<Call> => {
    const until = Date.now() + WAIT_MS;
    for (;;) {
      const open = calls.filter((call) => !call.done && matches(match, call.request));
      const newest = calls.at(-1);
      if (open.length > 0 && newest !== undefined && Date.now() - newest.at >= QUIET_MS) return open.at(-1)!;
      if (Date.now() > until) {
        const seen = calls.map((call) => `${call.done ? 'answered' : 'waiting'} ${call.request.url()}`).join('\n  ');
        throw new Error(`No call of ${describe(match)} is waiting for its answer. Calls so far:\n  ${seen || '(none)'}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  const respond = async (match: string | CallMatch, status: number, body: unknown): Promise<void> => {
    const call = await latest(match);
    call.done = true;
    await call.route.fulfill({ status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) });
  };

  return {
    answer: (match, body) => respond(match, 200, body),
    fail: (match, status) => respond(match, status, { statusCode: status, error: status >= 500 ? 'Service Unavailable' : 'Not Found', message: 'scripted failure' }),
    waiting: async (match) => {
      const until = Date.now() + WAIT_MS;
      while (!calls.some((call) => !call.done && matches(match, call.request))) {
        if (Date.now() > until) throw new Error(`No call of ${describe(match)} went out.`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    count: (match) => calls.filter((call) => matches(match, call.request)).length,
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.fallback()));
    },
  };
};
