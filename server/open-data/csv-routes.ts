import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { rangeDays, isQuickRange } from '../../src/domain/agenda-window';
import { addDays, zurichToday } from '../../src/domain/calendar-days';
import { CSV_COLUMNS, CSV_PATHS, OPEN_DATA_CSVS, agendaCsvRow, newsCsvRow, publicationCsvRow, type OpenDataCsv } from '../../src/domain/open-data-export';
import { localizedPath, type SitePage } from '../../src/domain/permalinks';
import { ANSWER_CACHE_CONTROL, ifNoneMatchHits } from '../cache/answer-cache';
import { NO_LIMIT, type UncachedWork } from '../cache/fair-use';
import type { Queryable } from '../data/database';
import { nameSearch } from '../data/search';
import { RECURRENCE_HORIZON_DAYS } from '../http/routes/agenda-occurrences';
import type { EventRow as AgendaEventRow } from '../http/routes/agenda-routes';
import { Recurrence, seriesDates } from '../../src/domain/recurrence';
import type { SiteLists } from '../http/site';
import { csvRecords } from '../render/export-routes';
import { MAX_PAGE_URL, pageQueryProblem, pageSearch } from '../render/page-queries';

// The section each file belongs to: the publications are the shop's.
const CSV_SECTIONS: Readonly<Record<OpenDataCsv, 'agenda' | 'news' | 'shop'>> = { agenda: 'agenda', news: 'news', publications: 'shop' };

/** Rows read from the database at a time: a page of text is all a download holds in memory, whatever the agenda's size. */
export const CSV_PAGE_ROWS = 500;

/** The media type of every CSV file (RFC 4180, RFC 7111's `header`). */
export const CSV_MEDIA_TYPE = 'text/csv; charset=utf-8; header=present';

// Excel reads a CSV as UTF-8 only when it starts with the byte order mark; other readers skip it.
const BOM = '\uFEFF';

/** What the CSV routes read. */
export interface CsvRoutesOptions {
  /** The content version: with the day and the query, the file's ETag. */
  readonly version: () => Promise<string>;
  /** The profile's agenda and news scope: the files' events and news. */
  readonly site: SiteLists;
  readonly now?: () => number;
  /** Counts each download not revalidated against its client's fair use. */
  readonly uncached?: UncachedWork;
  /** Rows read at a time; tests give a small one to cross many page boundaries. */
  readonly pageRows?: number;
}

/** The filters of the agenda's CSV, as its page's address holds them. */
interface AgendaCsvFilters {
  /** The site's agenda. */
  readonly agendaId: number;
  readonly categories: readonly number[];
  readonly month: number | null;
  readonly title: string | null;
  readonly from: string;
  readonly to: string | null;
}

// The first day a PostgreSQL date holds: every event is on or after it.
const FIRST_DAY = '0001-01-01';

const agendaFiltersOf = (agendaId: number, search: string, today: string, whole: boolean): AgendaCsvFilters => {
  const params = new URLSearchParams(search);
  const month = Number(params.get('mois'));
  const title = params.get('titre') ?? '';
  const range = params.get('periode');
  const days = isQuickRange(range) ? rangeDays(range, today) : null;
  return {
    agendaId,
    categories: [
      ...new Set(
        params
          .getAll('categories')
          .filter((id) => id !== '')
          .map(Number),
      ),
    ].sort((a, b) => a - b),
    month: Number.isInteger(month) && month >= 1 && month <= 12 ? month : null,
    title: title.trim() === '' ? null : title,
    // The whole agenda starts at its first event (a quick range still bounds it).
    from: days?.from ?? (whole ? FIRST_DAY : today),
    to: days?.to ?? null,
  };
};

// An agenda answer's row, without its place (the CSV has no place columns), with the keyset's sort key.
type EventRow = Omit<AgendaEventRow, 'lieu' | 'recurrence' | 'recurrence_start'> & { key_time: string; recurrence: Recurrence | null };

// The import decoded every rule: the column holds one, or null.
const EVENT_CSV_FIELDS = `e.id, to_char(e.bel_date, 'YYYY-MM-DD') as bel_date, to_char(e.end_date, 'YYYY-MM-DD') as end_date,
  to_char(e.start_time, 'HH24:MI') as start_time, to_char(e.end_time, 'HH24:MI') as end_time,
  e.title, e.place, e.description, e.link, e.recurrence,
  coalesce(e.start_time, time '24:00')::text as key_time,
  coalesce((select json_agg(json_build_object('id', c.id, 'title', c.title) order by c.id)
            from event_categories ec join agenda_categories c on c.id = ec.category_id
            where ec.event_id = e.id), '[]'::json) as categories`;

// The conditions every row of the file meets, whatever its dates: the site's agenda, the categories, the title.
const agendaConditions = (filters: AgendaCsvFilters, params: unknown[]): string[] => {
  params.push(filters.agendaId);
  const where = [`e.agenda_id = $${params.length}`];
  if (filters.categories.length > 0) {
    params.push(filters.categories);
    where.push(`exists (select 1 from event_categories l where l.event_id = e.id and l.category_id = any($${params.length}::int[]))`);
  }
  if (filters.title !== null) {
    const search = nameSearch('e.search_title', filters.title, params);
    where.push(`${search.where} and ${search.rank} >= 0`);
  }
  return where;
};

/**
 * The recurring events of the filters that have a date in the file's days (from its first day to
 * its last, or the agenda's horizon `horizon` for an endless rule), in its month when one is
 * chosen: the series a month's file holds are those with a date in that month, as `seriesDates` says.
 */
const seriesInFile = async (db: Queryable, filters: AgendaCsvFilters, horizon: string): Promise<{ id: number; start: string }[]> => {
  const last = filters.to ?? horizon;
  const params: unknown[] = [last];
  const where = ['e.recurrence is not null', 'e.bel_date <= $1::date', ...agendaConditions(filters, params)];
  const rows = await db.query<{ id: number; start: string; recurrence: unknown }>(
    `select e.id, to_char(e.bel_date, 'YYYY-MM-DD') as start, e.recurrence from events e where ${where.join(' and ')}`,
    params,
  );
  return rows.flatMap(({ id, start, recurrence }) =>
    Recurrence.is(recurrence) && seriesDates(recurrence, start, { day: filters.from, to: last, month: filters.month ?? undefined }).next !== null
      ? [{ id, start }]
      : [],
  );
};

/**
 * The agenda's events of the filters, from the first day on, a page at a time in the agenda's
 * order (date, time with all-day events last, id), each page after the last row of the one
 * before: no offset, so the thousandth page costs what the first does. A recurring event is one
 * row at its first date, when one of its dates is in the file's days (and month).
 */
async function* agendaRows(db: Queryable, filters: AgendaCsvFilters, pageRows: number, horizon: string): AsyncGenerator<readonly (readonly string[])[]> {
  const series = await seriesInFile(db, filters, horizon);
  // Those begun before the first day come first (there are few: one a rule), the others at their first date.
  const ongoing = series.filter(({ start }) => start < filters.from).map(({ id }) => id);
  const later = series.filter(({ start }) => start >= filters.from).map(({ id }) => id);
  if (ongoing.length > 0) {
    const rows = await db.query<EventRow>(
      `select ${EVENT_CSV_FIELDS} from events e where e.id = any($1::int[]) order by e.bel_date, coalesce(e.start_time, time '24:00'), e.id`,
      [ongoing],
    );
    if (rows.length > 0) yield rows.map(agendaCsvRow);
  }
  const params: unknown[] = [filters.from, later];
  const where = ['e.bel_date >= $1::date', ...agendaConditions(filters, params)];
  if (filters.to !== null) {
    params.push(filters.to);
    where.push(`e.bel_date <= $${params.length}::date`);
  }
  let single = 'e.recurrence is null';
  if (filters.month !== null) {
    params.push(filters.month);
    single += ` and extract(month from e.bel_date) = $${params.length}`;
  }
  where.push(`(${single} or e.id = any($2::int[]))`);
  let after: readonly [string, string, number] | null = null;
  for (;;) {
    const page: unknown[] = [...params];
    const conditions = [...where];
    if (after !== null) {
      page.push(...after);
      const n = page.length;
      conditions.push(`(e.bel_date, coalesce(e.start_time, time '24:00'), e.id) > ($${n - 2}::date, $${n - 1}::time, $${n}::integer)`);
    }
    const rows = await db.query<EventRow>(
      `select ${EVENT_CSV_FIELDS} from events e where ${conditions.join(' and ')}
        order by e.bel_date, coalesce(e.start_time, time '24:00'), e.id
        limit ${pageRows}`,
      page,
    );
    if (rows.length > 0) yield rows.map(agendaCsvRow);
    const last = rows.at(-1);
    if (last === undefined || rows.length < pageRows) return;
    after = [last.bel_date, last.key_time, last.id];
  }
}

interface NewsRow {
  id: number;
  date: string;
  title: string;
  lead: string | null;
  link: string | null;
  categories: { id: number; title: string }[];
}

/** The news of the site's scope in the categories (any of them; none: all), newest first, a page at a time after the last row. */
async function* newsRows(db: Queryable, scope: string, categories: readonly number[], pageRows: number): AsyncGenerator<readonly (readonly string[])[]> {
  const params: unknown[] = [scope];
  const where = ['n.scope_id = (select id from news_scopes where slug = $1)'];
  if (categories.length > 0) {
    params.push(categories);
    where.push(`exists (select 1 from news_item_categories l where l.news_id = n.id and l.category_id = any($${params.length}::int[]))`);
  }
  let after: readonly [string, number] | null = null;
  for (;;) {
    const page: unknown[] = [...params];
    const conditions = [...where];
    if (after !== null) {
      page.push(...after);
      conditions.push(`(n.date, n.id) < ($${page.length - 1}::date, $${page.length}::integer)`);
    }
    const rows = await db.query<NewsRow>(
      `select n.id, to_char(n.date, 'YYYY-MM-DD') as date, n.title, n.lead, n.link,
              coalesce((select json_agg(json_build_object('id', c.id, 'title', c.title) order by c.id)
                        from news_item_categories l join news_categories c on c.id = l.category_id
                        where l.news_id = n.id), '[]'::json) as categories
         from news_items n where ${conditions.join(' and ')}
        order by n.date desc, n.id desc
        limit ${pageRows}`,
      page,
    );
    if (rows.length > 0) yield rows.map(newsCsvRow);
    const last = rows.at(-1);
    if (last === undefined || rows.length < pageRows) return;
    after = [last.date, last.id];
  }
}

/** The shop's publications: a short list, read at once. */
async function* publicationRows(db: Queryable): AsyncGenerator<readonly (readonly string[])[]> {
  const rows = await db.query<{ variant_id: number; title: string; price: number; description: string | null }>(
    'select variant_id, title, price::float8 as price, description from shop_items order by variant_id',
  );
  if (rows.length > 0) yield rows.map(publicationCsvRow);
}

/** The CSV text of a dataset, piece by piece: the BOM and the header row, then a page of rows at a time. */
export async function* csvText(dataset: OpenDataCsv, pages: AsyncIterable<readonly (readonly string[])[]>): AsyncGenerator<string> {
  yield BOM + csvRecords([[...CSV_COLUMNS[dataset]]]);
  for await (const rows of pages) yield csvRecords(rows);
}

// The page whose query each file reads, and refuses as that page refuses it.
const PAGE_OF: Readonly<Record<OpenDataCsv, SitePage>> = { agenda: 'agenda', news: 'news', publications: 'shop' };

const searchOf = (url: string): string => {
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at);
};

/**
 * `GET /agenda/export.csv`, `/actualites/export.csv` and `/boutique/export.csv`, in every language
 * (`/de/agenda/export.csv`): the list as its page filters it, streamed from the database a page of
 * rows at a time. A query the page refuses is refused (400); a repeated download within a content
 * version and day is a 304 by its ETag, and each other one counts against the client's fair use.
 */
export const registerCsvRoutes = (
  app: FastifyInstance,
  db: Queryable,
  { version, site, now = Date.now, uncached = NO_LIMIT, pageRows = CSV_PAGE_ROWS }: CsvRoutesOptions,
): void => {
  const handler =
    (dataset: OpenDataCsv) =>
    async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
      const refuse = (message: string): FastifyReply => reply.code(400).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(message);
      if (request.url.length > MAX_PAGE_URL) return refuse(`the address is longer than ${MAX_PAGE_URL} characters`);
      const page = PAGE_OF[dataset];
      const search = searchOf(request.url);
      const problem = pageQueryProblem(page, search);
      if (problem !== null) return refuse(`the query cannot be read: ${problem.id} ${JSON.stringify(problem.values)}`);
      const day = zurichToday(now());
      const kept = pageSearch(page, search);
      // `tout=1`: the whole agenda, its past included (the file's own parameter, not the page's).
      const whole = dataset === 'agenda' && new URLSearchParams(search).get('tout') === '1';
      const etag = `"${createHash('sha1')
        .update(`${await version()}|${day}|${dataset}|${kept}|${whole ? 'whole' : ''}`)
        .digest('base64url')}"`;
      reply.header('cache-control', ANSWER_CACHE_CONTROL).header('etag', etag);
      if (ifNoneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send();
      if (await uncached(request, reply)) return reply;
      const params = new URLSearchParams(kept);
      const pages =
        dataset === 'agenda'
          ? agendaRows(db, agendaFiltersOf(Number(site.agendaId), kept, day, whole), pageRows, addDays(day, RECURRENCE_HORIZON_DAYS))
          : dataset === 'news'
            ? newsRows(db, site.newsScope, [...new Set(params.getAll('categorie').map(Number))], pageRows)
            : publicationRows(db);
      return reply
        .type(CSV_MEDIA_TYPE)
        .header('content-disposition', `attachment; filename="${dataset}-${day}.csv"`)
        .header('x-robots-tag', 'noindex')
        .send(Readable.from(csvText(dataset, pages)));
    };
  // A dataset of a section off has no file; each file is in every offered language (its words are the same, its address the page's).
  const datasets = OPEN_DATA_CSVS.filter((dataset) => site.sections[CSV_SECTIONS[dataset]]);
  for (const language of site.languages.offered)
    for (const dataset of datasets) app.get(localizedPath(CSV_PATHS[dataset], language, site.languages.root), handler(dataset));
};
