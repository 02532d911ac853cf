import { createReadStream } from 'node:fs';
import { parser } from 'stream-json';
import Assembler from 'stream-json/Assembler';
import { isPrototypeKey, jsonText } from '../../src/domain/json';
import {
  CONTENT_LISTS,
  contentWriter,
  decodeContentItem,
  outlineFaults,
  uniqueSlugs,
  type ContentContact,
  type ContentEvent,
  type ContentList,
  type ContentNews,
  type ContentOutline,
  type SmallContent,
} from '../data/content';
import type { Database } from '../data/database';
import { tidy } from './seed';

/**
 * `npm run import` reads its file twice as a stream, never whole: once to check every item (its
 * own faults, then those across items), keeping the small lists and an outline of the large ones;
 * then, in one transaction, to write the large lists a part at a time. A 50 MB file so costs a
 * part's memory, not the file's several times over (bench/import-memory.ts).
 */

/** A token of stream-json's parser, its keys, strings and numbers packed whole. */
interface Token {
  readonly name: string;
  readonly value?: string | undefined;
}

// What an element of a list holds before it is decoded; JSON's own values, prototype keys dropped as parseJson drops them.
const reviver = (key: string, value: unknown): unknown => (isPrototypeKey(key) ? undefined : value);

/** What a file's top-level lists are told, one element at a time; a promise pauses the reading until it settles. */
interface ListReader {
  /** A top-level list begins. */
  readonly list: (list: string) => void;
  readonly element: (list: string, index: number, value: unknown) => Promise<void> | void;
  /** A top-level value that is not a list, whole. */
  readonly other: (key: string, value: unknown) => void;
}

/** Thrown for a file that is not JSON, or not an object: the fault of the whole file. */
class FileShapeError extends Error {}

/**
 * Reads the JSON object of `file`, telling `reader` each element of its top-level lists in order,
 * with at most one element in memory. Rejects with a `FileShapeError` on text that is not JSON or
 * not an object, and with `reader`'s own error when it throws or rejects.
 */
const readLists = (file: string, reader: ListReader): Promise<void> =>
  new Promise((resolve, reject) => {
    const source = createReadStream(file);
    const tokens = parser({ packKeys: true, packStrings: true, packNumbers: true, streamKeys: false, streamStrings: false, streamNumbers: false });
    let failed = false;
    const fail = (error: unknown): void => {
      if (failed) return;
      failed = true;
      source.destroy();
      tokens.destroy();
      reject(error instanceof Error ? error : new Error(String(error)));
    };
    source.on('error', fail);
    tokens.on('error', (error) => fail(new FileShapeError(`not JSON: ${error.message}`)));

    let depth = 0;
    let key = '';
    let index = 0;
    let assembler: Assembler | null = null;
    let whole = false;
    // The value an element's tokens have assembled, told to the reader.
    const finish = (value: unknown): Promise<void> | void => {
      assembler = null;
      if (whole) {
        reader.other(key, value);
        return undefined;
      }
      const told = reader.element(key, index, value);
      index += 1;
      return told;
    };
    const step = (token: Token): Promise<void> | void => {
      if (assembler !== null) {
        assembler.consume(token);
        const done: Assembler = assembler;
        return done.done ? finish(done.current as unknown) : undefined;
      }
      if (depth === 0) {
        if (token.name !== 'startObject') throw new FileShapeError('expected an object of lists ({"agendas": […], "events": […], …})');
        depth = 1;
        return undefined;
      }
      if (depth === 1 && token.name === 'keyValue') {
        key = token.value ?? '';
        return undefined;
      }
      if (depth === 1 && token.name === 'endObject') {
        depth = 3;
        return undefined;
      }
      if (depth === 1 && token.name === 'startArray') {
        depth = 2;
        index = 0;
        reader.list(key);
        return undefined;
      }
      if (depth === 2 && token.name === 'endArray') {
        depth = 1;
        return undefined;
      }
      // An element of a list (depth 2), or a top-level value that is not one (depth 1): assembled whole.
      whole = depth === 1;
      const next = new Assembler({ reviver });
      assembler = next;
      next.consume(token);
      return next.done ? finish(next.current as unknown) : undefined;
    };
    tokens.on('data', (token: Token) => {
      if (failed) return;
      try {
        const told = step(token);
        if (told !== undefined) {
          // The reader writes: no more tokens until it is done.
          tokens.pause();
          told.then(() => tokens.resume(), fail);
        }
      } catch (error) {
        fail(error);
      }
    });
    tokens.on('end', () => {
      if (!failed) resolve();
    });
    source.pipe(tokens);
  });

// The outline fields of each large list: what the checks across items and the slugs need.
const eventOutline = ({ id, agenda_id, categories, bel_date, end_date, start_time, end_time, recurrence }: ContentEvent): ContentOutline['events'][number] => ({
  id,
  agenda_id,
  categories,
  bel_date,
  end_date,
  start_time,
  end_time,
  recurrence,
});
const contactOutline = ({ id, slug, title, categories }: ContentContact): ContentOutline['contacts'][number] => ({ id, slug, title, categories });
const newsOutline = ({ id, slug, title, scope, categories }: ContentNews): ContentOutline['news'][number] => ({ id, slug, title, scope, categories });

/** What the first reading found: the faults of the file, or what the writing needs of it. */
export type CheckedImport =
  | { readonly ok: false; readonly errors: string[] }
  | {
      readonly ok: true;
      readonly small: SmallContent;
      readonly counts: Readonly<Record<'events' | 'contacts' | 'news' | 'shop_items', number>>;
      readonly contactSlugs: readonly string[];
      readonly newsSlugs: readonly string[];
    };

// As decodeContent reports: a hundred faults, then a count of the rest (which are not kept).
const MAX_REPORTED = 100;
const KEPT_FAULTS = MAX_REPORTED + 1;

/**
 * Reads `file` once, checking every item as `decodeContent` checks a whole content, with the same
 * paths and messages; keeps the small lists and an outline of the large ones, never the file.
 */
export const checkImportFile = async (file: string): Promise<CheckedImport> => {
  const faults: string[] = [];
  let more = 0;
  const fault = (lines: readonly string[]): void => {
    for (const line of lines) {
      if (faults.length < KEPT_FAULTS) faults.push(line);
      else more += 1;
    }
  };
  const seen = new Set<string>();
  const small: { -readonly [K in keyof SmallContent]: SmallContent[K][number][] } = {
    agendas: [],
    agenda_categories: [],
    contact_categories: [],
    news_scopes: [],
    news_categories: [],
    shop_items: [],
  };
  const events: ContentOutline['events'][number][] = [];
  const contacts: ContentOutline['contacts'][number][] = [];
  const news: ContentOutline['news'][number][] = [];
  const isList = (key: string): key is ContentList => (CONTENT_LISTS as readonly string[]).includes(key);

  try {
    await readLists(file, {
      list: (list) => {
        if (!isList(list)) return;
        if (seen.has(list)) fault([`${list}: given twice`]);
        seen.add(list);
      },
      element: (list, index, value) => {
        if (!isList(list)) return;
        const decoded = decodeContentItem(list, index, value);
        if (!decoded.ok) {
          fault(decoded.errors);
          return;
        }
        // One branch a list: each keeps what the writing or the checks need.
        const item: unknown = decoded.item;
        if (list === 'events') events.push(eventOutline(item as ContentEvent));
        else if (list === 'contacts') contacts.push(contactOutline(item as ContentContact));
        else if (list === 'news') news.push(newsOutline(item as ContentNews));
        else (small[list] as unknown[]).push(item);
      },
      other: (key, value) => {
        if (!isList(key)) return;
        if (seen.has(key)) fault([`${key}: given twice`]);
        seen.add(key);
        fault([`${key}: expected a list (got ${(jsonText(value) ?? 'nothing').slice(0, 80)})`]);
      },
    });
  } catch (error) {
    if (error instanceof FileShapeError) return { ok: false, errors: [`(root): ${error.message}`] };
    throw error;
  }
  for (const list of CONTENT_LISTS) if (!seen.has(list)) fault([`${list}: expected a list (got nothing)`]);
  // Across items only once each item is sound, as decodeContent does.
  if (faults.length === 0) fault(outlineFaults({ ...small, events, contacts, news }));
  const total = faults.length + more;
  if (total > 0) return { ok: false, errors: total <= MAX_REPORTED ? faults : [...faults.slice(0, MAX_REPORTED), `… and ${total - MAX_REPORTED} more faults`] };
  return {
    ok: true,
    small,
    counts: { events: events.length, contacts: contacts.length, news: news.length, shop_items: small.shop_items.length },
    contactSlugs: uniqueSlugs(contacts),
    newsSlugs: uniqueSlugs(news),
  };
};

/** A first reading that found no fault. */
export type SoundImport = Extract<CheckedImport, { readonly ok: true }>;

// The rows of a large list written in one statement: few statements, and a part's memory only.
const PART_ROWS = 500;

/**
 * Writes the file `checkImportFile` found sound into `db`, reading it a second time, in one
 * transaction: all of it or nothing. A file changed between the readings is refused, nothing written.
 */
export const writeImportFile = async (db: Database, file: string, checked: SoundImport, label: string): Promise<void> => {
  const changed = (why: string): Error => new Error(`${file} changed while it was imported (${why})`);
  await db.transaction(async (tx) => {
    const writer = await contentWriter(tx, checked.small, new Date());
    let events: ContentEvent[] = [];
    let contacts: ContentContact[] = [];
    let news: ContentNews[] = [];
    const written = { events: 0, contacts: 0, news: 0 };
    const flushEvents = async (): Promise<void> => {
      const part = events;
      events = [];
      written.events += part.length;
      await writer.events(part);
    };
    const flushContacts = async (): Promise<void> => {
      const part = contacts;
      contacts = [];
      await writer.contacts(part, checked.contactSlugs.slice(written.contacts, written.contacts + part.length));
      written.contacts += part.length;
    };
    const flushNews = async (): Promise<void> => {
      const part = news;
      news = [];
      await writer.news(part, checked.newsSlugs.slice(written.news, written.news + part.length));
      written.news += part.length;
    };
    const decoded = <L extends 'events' | 'contacts' | 'news'>(list: L, index: number, value: unknown) => {
      const result = decodeContentItem(list, index, value);
      if (!result.ok) throw changed(result.errors[0] ?? `${list}/${index}`);
      return result.item;
    };
    await readLists(file, {
      list: () => undefined,
      element: (list, index, value) => {
        if (list === 'events') {
          events.push(decoded('events', index, value));
          return events.length >= PART_ROWS ? flushEvents() : undefined;
        }
        if (list === 'contacts') {
          contacts.push(decoded('contacts', index, value));
          return contacts.length >= PART_ROWS ? flushContacts() : undefined;
        }
        if (list === 'news') {
          news.push(decoded('news', index, value));
          return news.length >= PART_ROWS ? flushNews() : undefined;
        }
        return undefined;
      },
      other: () => undefined,
    });
    await flushEvents();
    await flushContacts();
    await flushNews();
    for (const list of ['events', 'contacts', 'news'] as const) {
      if (written[list] !== checked.counts[list]) throw changed(`${written[list]} ${list}, ${checked.counts[list]} at the first reading`);
    }
    await writer.end(label);
  });
  await tidy(db);
};
