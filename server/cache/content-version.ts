import type { ContentGroup } from '../data/content';
import type { Queryable } from '../data/database';
import { contentChanges } from '../telemetry/metrics';

/** The parts of the site whose versions move apart (server/data/content.ts `CONTENT_GROUPS`). */
export const CONTENT_GROUP_NAMES: readonly ContentGroup[] = ['agenda', 'directory', 'news', 'shop'];

/**
 * The versions of the content: the import's label and the transaction that wrote it (`xmin`
 * changes with every write of the row), so each import or seed is a new version even under the
 * same label; and per part of the site, when the content API last changed it (`changed:agenda`…).
 * An import empties them all; an item written moves its part's only.
 */
export interface ContentVersions {
  readonly base: string;
  readonly groups: Readonly<Partial<Record<ContentGroup, string>>>;
}

/** Reads the content's versions: one statement, committed with the data they describe. */
export const readContentVersions = async (db: Queryable): Promise<ContentVersions> => {
  const rows = await db.query<{ key: string; version: string }>(
    "select key, value || ':' || xmin::text as version from content_meta where key = 'content' or key like 'changed:%'",
  );
  const groups: Partial<Record<ContentGroup, string>> = {};
  let base = 'empty';
  for (const row of rows) {
    if (row.key === 'content') base = row.version;
    else {
      const group = row.key.slice('changed:'.length);
      if ((CONTENT_GROUP_NAMES as readonly string[]).includes(group)) groups[group as ContentGroup] = row.version;
    }
  }
  return { base, groups };
};

/** The version of what depends on `groups` (all of them when missing): a change elsewhere leaves it as it is. */
export const versionOf = (versions: ContentVersions, groups: readonly ContentGroup[] = CONTENT_GROUP_NAMES): string =>
  [versions.base, ...CONTENT_GROUP_NAMES.filter((group) => groups.includes(group)).map((group) => `${group}=${versions.groups[group] ?? ''}`)].join('|');

/** What reads the content's versions, at most once every `ttlMs`. */
export interface ContentVersionReader {
  /** The whole content's version. */
  readonly read: () => Promise<string>;
  /** The version of the parts `groups` only. */
  readonly readFor: (groups: readonly ContentGroup[]) => Promise<string>;
  /**
   * The versions changed (a notification came, this process wrote): they are read again, from a
   * read that starts now; the requests meanwhile keep the versions known. Resolves once the new
   * ones are known, so that a writer answered after it sees its change in the next answer.
   */
  readonly refresh: () => Promise<void>;
}

/**
 * The content versions, read at most once every `ttlMs`: a cached answer then costs no query,
 * and a change made elsewhere without a notification shows within `ttlMs`. Once a first read has
 * landed, no request waits for a read again: a new read runs beside them and replaces the
 * versions when it lands. Ten writes a second used to make every reader wait for a read each time.
 */
export const contentVersionReader = (db: Queryable, ttlMs = 1_000): ContentVersionReader => {
  let known: { versions: ContentVersions; at: number } | null = null;
  let reading: Promise<ContentVersions> | null = null;
  // A read asked while another ran (that one may have started before the change): it starts when that one ends.
  let queued: Promise<ContentVersions> | null = null;
  // The last version read: a different one is a change of content (`/metrics`), the first is not.
  let seen: string | null = null;
  const start = (): Promise<ContentVersions> => {
    const at = Date.now();
    const read = readContentVersions(db).then((versions) => {
      known = { versions, at };
      const whole = versionOf(versions);
      if (seen !== null && whole !== seen) contentChanges.inc();
      seen = whole;
      return versions;
    });
    reading = read;
    const ended = () => {
      if (reading === read) reading = null;
    };
    read.then(ended, ended);
    return read;
  };
  const readAfterNow = (): Promise<ContentVersions> => {
    if (reading === null) return start();
    queued ??= reading
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return start();
      });
    return queued;
  };
  const current = (): Promise<ContentVersions> => {
    // Nothing known yet (or the first reads failed): the request waits for the read, and a failed one is asked again by the next.
    if (known === null) return reading ?? start();
    // Known but old: read again beside the requests; a failure leaves the versions known until the next try.
    if (Date.now() - known.at >= ttlMs && reading === null && queued === null) start().catch(() => undefined);
    return Promise.resolve(known.versions);
  };
  return {
    read: async () => versionOf(await current()),
    readFor: async (groups) => versionOf(await current(), groups),
    refresh: async () => {
      await readAfterNow();
    },
  };
};

/**
 * The parts of the site an API route's answers read (`/api/agenda/…` the agenda's), or every
 * part for a route that reads several (search, the API's index).
 */
export const groupsOfApiRoute = (route: string): readonly ContentGroup[] => {
  if (route.startsWith('/api/agenda/') || route === '/api/categories/agenda/') return ['agenda'];
  if (route.startsWith('/api/contacts/') || route === '/api/categories/contacts/' || route === '/api/letters/contacts/') return ['directory'];
  if (route.startsWith('/api/news/') || route === '/api/categories/:scope/') return ['news'];
  if (route.startsWith('/api/shop/')) return ['shop'];
  return CONTENT_GROUP_NAMES;
};
