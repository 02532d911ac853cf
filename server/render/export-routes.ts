import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import { isLeft } from 'fp-ts/Either';
import { PathReporter } from 'io-ts/PathReporter';
import { firstValueFrom } from 'rxjs';
import { zurichToday } from '../../src/domain/calendar-days';
import { Contact } from '../../src/domain/contact';
import { CONTACTS_PATH, contactsPath, filtersFromSearch, filtersToSearch, type DirectoryFilters } from '../../src/domain/directory';
import { CSV_DELIMITER, EXPORT_COLUMNS, EXPORT_FORMATS, exportBasePath, exportRow, type ExportFormat } from '../../src/domain/directory-export';
import { directoryExportFileName } from '../../src/domain/file-names';
import { ListAnswer, listPagePath, MAX_PAGE_SIZE, STALE_CURSOR_STATUS } from '../../src/domain/paging';
import { localizedPath } from '../../src/domain/permalinks';
import { toVCard } from '../../src/domain/vcard';
import { DIRECTORY_MESSAGES } from '../../src/i18n/directory-messages';
import { SERVER_MESSAGES } from '../../src/i18n/server-messages';
import { addMessages, intlFor, translate } from '../../src/i18n/intl';
import { EVERY_LANGUAGE, type SiteLanguages } from '../../src/domain/language';
import type { Language } from '../../src/i18n/language';
import { isHttpFailure, type HttpFailure } from '../../src/services/http';
import { EXPORT_CACHE_LIMITS } from '../cache/cache-limits';
import {
  ANSWER_BROTLI_QUALITY,
  ANSWER_CACHE_CONTROL,
  boundedCache,
  pack,
  packedBytes,
  representation,
  sendPacked,
  singleFlight,
  type Packed,
} from '../cache/answer-cache';
import { NO_LIMIT, type UncachedWork } from '../cache/fair-use';
import { MAX_PAGE_URL, pageQueryProblem } from './page-queries';
import type { AnswerPath } from './widget-renderer';

// Refusals are said with the directory's and the server's messages, in the language of the address.
addMessages(DIRECTORY_MESSAGES);
addMessages(SERVER_MESSAGES);

/**
 * The most contacts an export holds. A canton's directory counts hundreds to a few thousand
 * contacts, so 10,000 never cuts a real list; it bounds what one request may cost (about 2 MB
 * of CSV or 4 MB of vCards, at the demo's 210 and 410 bytes a contact, read 100 at a time)
 * against a backend that pages without end or whose `count` lies. A list beyond it is refused,
 * never cut: a file that looks complete must be.
 */
export const MAX_EXPORT_CONTACTS = 10_000;

/** Where the exports read the directory: the pages' own source (this database, or `SITE_API_BASE`'s backend). */
export interface ExportRoutesOptions {
  readonly answers: AnswerPath;
  /** The content's version: an export is made once a version, and revalidated by its ETag. */
  readonly version: () => Promise<string>;
  /** The clock of the day in the file name. */
  readonly now?: () => number;
  /** The most contacts an export holds; tests give a small one. */
  readonly cap?: number;
  /** Counts each export not kept against its client's fair use (server/cache/fair-use.ts). */
  readonly uncached?: UncachedWork;
  /** The languages the site offers, each with its exports' addresses (the root one unprefixed). */
  readonly languages?: SiteLanguages;
}

const MEDIA_TYPES: Readonly<Record<ExportFormat, string>> = {
  // RFC 4180 §3 and RFC 7111: the first row names the columns.
  csv: 'text/csv; charset=utf-8; header=present',
  vcf: 'text/vcard; charset=utf-8',
};

// Excel reads a CSV as UTF-8 only when it starts with the byte order mark; other readers skip it.
const BOM = '\uFEFF';

// Kept as long as the API's answers (60 s), revalidated by ETag.
const EXPORT_CACHE_CONTROL = ANSWER_CACHE_CONTROL;

const ContactsAnswer = ListAnswer(Contact);

/** Why a walk stopped short: the list matches more contacts than an export holds, or the content changed under its cursors. */
type Stop = { readonly _tag: 'TooMany'; readonly count: number } | { readonly _tag: 'StaleCursor' };

const isStop = (error: unknown): error is Stop =>
  typeof error === 'object' && error !== null && ['TooMany', 'StaleCursor'].includes((error as { _tag?: unknown })._tag as string);

/**
 * The contacts matching `filters`, a page of 100 at a time, as the API pages them (its `next`
 * links, followed within `/api/contacts/` only), or at once from a legacy backend's whole array.
 * Fails with `TooMany` beyond `cap` contacts, `StaleCursor` when a further page is refused as the
 * reference server refuses a cursor of older content, and with the source's `HttpFailure`.
 */
async function* contactPages(answers: AnswerPath, filters: DirectoryFilters, cap: number): AsyncGenerator<readonly Contact[]> {
  let path: string | null = contactsPath(filters, MAX_PAGE_SIZE);
  let total = 0;
  while (path !== null) {
    let body: unknown;
    try {
      body = await firstValueFrom(answers(path));
    } catch (error) {
      const further = total > 0;
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- the walk fails as the services do, with a tagged value (HttpFailure, Stop) that the handler tells apart by its tag
      if (further && isHttpFailure(error) && error._tag === 'HttpError' && error.status === STALE_CURSOR_STATUS) throw { _tag: 'StaleCursor' } satisfies Stop;
      throw error;
    }
    const decoded = ContactsAnswer.decode(body);
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the walk fails as the services do, with a tagged value (HttpFailure, Stop) that the handler tells apart by its tag
    if (isLeft(decoded)) throw { _tag: 'DecodeError', url: path, report: PathReporter.report(decoded) } satisfies HttpFailure;
    const page = decoded.right;
    total += page.items.length;
    const count = Math.max(page.count ?? 0, total);
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the walk fails as the services do, with a tagged value (HttpFailure, Stop) that the handler tells apart by its tag
    if (count > cap) throw { _tag: 'TooMany', count } satisfies Stop;
    yield page.items;
    // An empty page ends the list: a `next` after it could only go round in circles.
    path = page.items.length === 0 ? null : listPagePath(page.next, '', CONTACTS_PATH);
  }
}

/**
 * Rows as CSV text (RFC 4180): `;`-separated, CRLF after each row, a field quoted when it holds
 * the separator, a quote or any line break. A lone LF or CR is quoted too, which the library
 * leaves bare when rows end with CRLF, and which would cut a row in two.
 */
export const csvRecords = (rows: readonly (readonly string[])[]): string =>
  stringify(
    rows.map((row) => [...row]),
    { delimiter: CSV_DELIMITER, record_delimiter: 'windows', quoted_match: /[\r\n]/ },
  );

/** The CSV of the contacts: BOM, header row, a row a contact. */
const csvOf = async (pages: AsyncIterable<readonly Contact[]>): Promise<string> => {
  // Named as the open data's other files name theirs: the same English names in every language, which a program reads.
  const header = [...EXPORT_COLUMNS];
  // One page of contacts is held at a time; the text of the rows made so far is all that grows.
  const parts = [BOM, csvRecords([header])];
  for await (const contacts of pages) parts.push(csvRecords(contacts.map(exportRow)));
  return parts.join('');
};

/** The vCards of the contacts, one after the other (RFC 6350 §3.3 allows several in a file), each from the contact's own builder. */
const vcfOf = async (pages: AsyncIterable<readonly Contact[]>): Promise<string> => {
  const parts: string[] = [];
  for await (const contacts of pages) parts.push(...contacts.map(toVCard));
  return parts.join('');
};

/** The query of a request's address: `''`, or a string that starts with `?`. */
const searchOf = (url: string): string => {
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at);
};

/**
 * `GET /annuaire/export.csv` and `GET /annuaire/export.vcf`, in every language (`/en/annuaire/export.csv`):
 * the directory as filtered by the page's own query (`categorie`, `q`), walked to its end through
 * the pages' source. A query the page refuses is refused here (400); a source that fails, 502.
 */
export const registerExportRoutes = (
  app: FastifyInstance,
  { answers, version, now = Date.now, cap = MAX_EXPORT_CONTACTS, uncached = NO_LIMIT, languages = EVERY_LANGUAGE }: ExportRoutesOptions,
): void => {
  // The exports of a content version, kept compressed (a whole large directory's vCards and CSV
  // are 4.1 and 2.1 MB plain, some 1 MB together packed, so one never pushes out the other): a
  // repeated download costs nothing, and visitors asking for one list at the same moment share one walk.
  const cache = boundedCache<Packed>(EXPORT_CACHE_LIMITS, 'exports');
  const once = singleFlight<Packed>();

  const make = async (format: ExportFormat, filters: DirectoryFilters, day: string): Promise<Packed> => {
    const build = (): Promise<string> => (format === 'csv' ? csvOf(contactPages(answers, filters, cap)) : vcfOf(contactPages(answers, filters, cap)));
    let body: string;
    try {
      body = await build();
    } catch (error) {
      // The content changed during the walk (an import): once more from the start, on the new content.
      if (!isStop(error) || error._tag !== 'StaleCursor') throw error;
      body = await build();
    }
    const disposition = `attachment; filename="${directoryExportFileName(filters, format, day)}"`;
    // A file of contact details is no search result: the page that lists them is.
    return pack(representation(200, MEDIA_TYPES[format], body, { 'content-disposition': disposition, 'x-robots-tag': 'noindex' }), ANSWER_BROTLI_QUALITY);
  };

  const handler =
    (format: ExportFormat, language: Language) =>
    async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
      const intl = intlFor(language);
      const refuse = (status: number, message: string): FastifyReply =>
        reply.code(status).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(message);
      if (request.url.length > MAX_PAGE_URL) return refuse(400, intl.formatMessage({ id: 'directory.export.tooLong' }));
      const search = searchOf(request.url);
      const problem = pageQueryProblem('directory', search);
      if (problem !== null)
        return refuse(400, intl.formatMessage({ id: 'directory.export.badQuery' }, { problem: translate(intl, problem.id, { ...problem.values }) }));
      const filters = filtersFromSearch(search);
      const day = zurichToday(now());
      // Other parameters (a campaign tag), and the language, change nothing of the file: one export a list and day.
      const key = `${await version()}|${day}|${format}|${filtersToSearch(filters)}`;
      let made = cache.get(key);
      if (made === undefined) {
        if (await uncached(request, reply, () => refuse(429, translate(intl, 'errors.tooManyText')))) return reply;
        try {
          // Not in the line of renderings: a walk reads a hundred pages, a moment each, and would hold a place for seconds.
          made = await once(key, () => make(format, filters, day));
        } catch (error) {
          if (isStop(error) && error._tag === 'TooMany')
            return refuse(400, intl.formatMessage({ id: 'directory.export.tooMany' }, { count: error.count, max: cap }));
          // A source that fails, or whose cursors are refused twice in a row.
          if (isHttpFailure(error) || isStop(error)) {
            request.log.warn({ failure: error }, 'export: the directory could not be read');
            return refuse(502, intl.formatMessage({ id: 'directory.export.failed' }));
          }
          throw error;
        }
        cache.set(key, made, packedBytes(made) + key.length);
      }
      return sendPacked(request, reply, made, EXPORT_CACHE_CONTROL);
    };

  for (const language of languages.offered) {
    for (const format of EXPORT_FORMATS) app.get(localizedPath(exportBasePath(format), language, languages.root), handler(format, language));
  }
};
