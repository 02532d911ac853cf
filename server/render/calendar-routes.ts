import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isLeft } from 'fp-ts/Either';
import { firstValueFrom } from 'rxjs';
import { AgendaEvent } from '../../src/domain/agenda';
import { agendaEventPath } from '../../src/domain/agenda-filters';
import { zurichToday } from '../../src/domain/calendar-days';
import { CALENDAR_FILES_ROOT } from '../../src/domain/calendar-files';
import { icsFileName } from '../../src/domain/file-names';
import { toIcs } from '../../src/domain/ics';
import { PAGE_PATHS } from '../../src/domain/permalinks';
import { SERVER_MESSAGES } from '../../src/i18n/server-messages';
import { addMessages, intlFor, translate } from '../../src/i18n/intl';
import { FALLBACK_LANGUAGE, type Language } from '../../src/i18n/language';
import { isHttpFailure } from '../../src/services/http';
import { agendaEntry } from '../../src/views/agenda/agenda-entry';
import { EXPORT_CACHE_LIMITS } from '../cache/cache-limits';
import {
  ANSWER_BROTLI_QUALITY,
  ANSWER_CACHE_CONTROL,
  ANSWER_COMPRESS_THRESHOLD,
  boundedCache,
  representation,
  sendRepresentation,
  singleFlight,
  type Representation,
  type SendPolicy,
} from '../cache/answer-cache';
import { NO_LIMIT, type UncachedWork } from '../cache/fair-use';
import { MAX_ID } from '../http/query-schemas';
import { categoryCheck, MAX_PAGE_URL, pageQueryProblem, pageSearch } from './page-queries';
import { renderWidget, type AnswerPath } from './widget-renderer';

addMessages(SERVER_MESSAGES);

/** Where the calendar files read the agenda: the pages' own source (this database, or `SITE_API_BASE`'s backend). */
export interface CalendarRoutesOptions {
  readonly answers: AnswerPath;
  /** The content's version: a file is made once a version and day, and revalidated by its ETag. */
  readonly version: () => Promise<string>;
  /** The clock of the day the list starts on and of the files' DTSTAMP. */
  readonly now?: () => number;
  /** The profile's `identifiers.authority`: the events' UIDs and the files' PRODID, never the host a request came by. */
  readonly authority: string;
  /** The site's root language: the files' addresses carry none, so their refusals and list titles speak it. */
  readonly language?: Language;
  /** Counts each file not kept against its client's fair use (server/cache/fair-use.ts). */
  readonly uncached?: UncachedWork;
}

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';
const SENDING: SendPolicy = { cacheControl: ANSWER_CACHE_CONTROL, brotliQuality: ANSWER_BROTLI_QUALITY, threshold: ANSWER_COMPRESS_THRESHOLD };
const AGENDA_ID = /^[1-9]\d{0,8}$/;
const EVENT_FILE = /^(\d{1,10})\.ics$/;

// An event's id as a database holds it: 1 to `MAX_ID` (a larger one, or 0, names no event: a 404, not the source's 400 as a 502).
const isEventId = (text: string): boolean => /^[1-9]\d{0,9}$/.test(text) && Number(text) <= MAX_ID;
const LIST_FILE = /^([1-9]\d{0,8})\.ics$/;

/** A refusal the visitor reads, in the site's language (the files' addresses carry none). */
class Refusal extends Error {
  constructor(
    readonly status: 400 | 404 | 502,
    message: string,
  ) {
    super(message);
  }
}

const searchOf = (url: string): string => {
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at);
};

/**
 * The agenda's calendar files, what "Ajouter à mon calendrier" and "Exporter ces événements"
 * lead to before the script runs or without it (`src/domain/calendar-files.ts`):
 *
 * - `GET /agenda/calendrier/{agendaId}/{eventId}.ics`: one event, from the call its permalink makes;
 * - `GET /agenda/calendrier/{agendaId}.ics?categories=…&mois=…&titre=…&periode=…&page=…&passes=…`:
 *   the events the agenda page shows for that query, found by the page's own render entry (so the
 *   file holds what the list shows: its filters, its pages, an empty range's next events).
 *
 * A query the page refuses is refused here (400), an unknown event is a 404, a source that fails a 502.
 * A list is kept under the query as its page reads it (`pageSearch`): a campaign tag, a tool's value
 * or the order of the categories makes no new file.
 */
export const registerCalendarRoutes = (
  app: FastifyInstance,
  { answers, version, now = Date.now, authority, language = FALLBACK_LANGUAGE, uncached = NO_LIMIT }: CalendarRoutesOptions,
): void => {
  const cache = boundedCache<Representation>(EXPORT_CACHE_LIMITS, 'calendars');
  const once = singleFlight<Representation>();
  const intl = intlFor(language);
  const unknownCategory = categoryCheck(answers, version);

  const calendarFile = (events: readonly AgendaEvent[], title: string): Representation =>
    representation(200, CALENDAR_TYPE, toIcs(events, authority, new Date(now())), {
      'content-disposition': `attachment; filename="${icsFileName(title)}"`,
      'x-robots-tag': 'noindex',
    });

  const oneEvent = async (agendaId: string, eventId: string): Promise<Representation> => {
    let body: unknown;
    try {
      body = await firstValueFrom(answers(agendaEventPath(agendaId, eventId)));
    } catch (error) {
      if (isHttpFailure(error) && error._tag === 'HttpError' && error.status === 404) throw new Refusal(404, intl.formatMessage({ id: 'errors.calendar.missing' }));
      throw error;
    }
    const decoded = AgendaEvent.decode(body);
    if (isLeft(decoded) || decoded.right.id !== eventId) throw new Refusal(404, intl.formatMessage({ id: 'errors.calendar.missing' }));
    return calendarFile([decoded.right], decoded.right.title);
  };

  const shownEvents = async (agendaId: string, search: string): Promise<Representation> => {
    const rendered = await renderWidget(
      agendaEntry,
      { language, root: language, pathname: PAGE_PATHS.agenda, search, attributes: { 'data-agenda-id': agendaId }, now: now() },
      answers,
    );
    const failures = Object.entries(rendered.failures).filter(([path]) => !path.startsWith('/api/categories/'));
    // An agenda that does not exist has no file (its list answered 404), as an unknown event has none.
    if (failures.some(([, failure]) => failure._tag === 'HttpError' && failure.status === 404))
      throw new Refusal(404, intl.formatMessage({ id: 'errors.calendar.missing' }));
    // A list that could not be read would be an empty file that looks complete: refused instead.
    if (failures.length > 0) throw new Refusal(502, intl.formatMessage({ id: 'errors.calendar.failed' }));
    return calendarFile(rendered.subject?.kind === 'events' ? rendered.subject.events : [], 'agenda');
  };

  const serve = async (request: FastifyRequest, reply: FastifyReply, key: string, make: () => Promise<Representation>): Promise<FastifyReply> => {
    const refuse = (status: number, message: string): FastifyReply =>
      reply.code(status).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(message);
    const fullKey = `${await version()}|${zurichToday(now())}|${key}`;
    let made = cache.get(fullKey);
    if (made === undefined) {
      if (await uncached(request, reply, () => refuse(429, intl.formatMessage({ id: 'errors.tooManyText' })))) return reply;
      try {
        made = await once(fullKey, make);
      } catch (error) {
        if (error instanceof Refusal) return refuse(error.status, error.message);
        if (isHttpFailure(error)) {
          request.log.warn({ failure: error }, 'calendar file: the agenda could not be read');
          return refuse(502, intl.formatMessage({ id: 'errors.calendar.failed' }));
        }
        throw error;
      }
      cache.set(fullKey, made, made.body.length + fullKey.length);
    }
    const kept = made;
    return sendRepresentation(request, reply, kept, SENDING, (bytes) => cache.grow(fullKey, bytes));
  };

  app.get<{ Params: { agendaId: string; file: string } }>(`${CALENDAR_FILES_ROOT}/:agendaId/:file`, async (request, reply) => {
    const eventId = EVENT_FILE.exec(request.params.file)?.[1];
    if (!AGENDA_ID.test(request.params.agendaId) || eventId === undefined || !isEventId(eventId))
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(intl.formatMessage({ id: 'errors.calendar.missing' }));
    const { agendaId } = request.params;
    return serve(request, reply, `event|${agendaId}|${eventId}`, () => oneEvent(agendaId, eventId));
  });

  app.get<{ Params: { file: string } }>(`${CALENDAR_FILES_ROOT}/:file`, async (request, reply) => {
    const refuse = (status: number, message: string): FastifyReply =>
      reply.code(status).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(message);
    const agendaId = LIST_FILE.exec(request.params.file)?.[1];
    if (agendaId === undefined) return refuse(404, intl.formatMessage({ id: 'errors.calendar.missing' }));
    if (request.url.length > MAX_PAGE_URL)
      return refuse(400, intl.formatMessage({ id: 'errors.calendar.badQuery' }, { problem: intl.formatMessage({ id: 'errors.query.tooLong' }) }));
    const search = searchOf(request.url);
    const problem = pageQueryProblem('agenda', search) ?? (await unknownCategory('agenda', search, {}));
    if (problem !== null)
      return refuse(400, intl.formatMessage({ id: 'errors.calendar.badQuery' }, { problem: translate(intl, problem.id, { ...problem.values }) }));
    const read = pageSearch('agenda', search);
    return serve(request, reply, `list|${agendaId}|${read}`, () => shownEvents(agendaId, read));
  });
};
