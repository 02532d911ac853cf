import { CONTENT_LISTS, type ContentList } from '../data/content';
import type { Database } from '../data/database';
import { deleteItem, decodeItem, ItemRefusedError, itemKey, putItem, recordWrites, type ContentItem, type ItemWrite } from './content-store';

/**
 * A merge file (`npm run import -- --merge changes.json`): items of any list, in the import file's
 * format, to add or replace, and under `delete` the keys of items to delete, list by list.
 */
export interface ContentChanges {
  readonly put: readonly { readonly list: ContentList; readonly item: ContentItem }[];
  readonly delete: readonly { readonly list: ContentList; readonly id: number }[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isList = (name: string): name is ContentList => (CONTENT_LISTS as readonly string[]).includes(name);

/** Decodes a merge file with the import's codecs, or lists each fault with its path in the file (`events/2/bel_date: …`). */
export const decodeChanges = (input: unknown): { ok: true; changes: ContentChanges } | { ok: false; errors: string[] } => {
  if (!isRecord(input)) return { ok: false, errors: ['(root): expected an object of lists, and "delete"'] };
  const errors: string[] = [];
  const put: { list: ContentList; item: ContentItem }[] = [];
  const deletes: { list: ContentList; id: number }[] = [];
  for (const [name, value] of Object.entries(input)) {
    if (name === 'delete') continue;
    if (!isList(name)) {
      errors.push(`${name}: not a list of the import file (${CONTENT_LISTS.join(', ')}, delete)`);
      continue;
    }
    if (!Array.isArray(value)) {
      errors.push(`${name}: expected a list of items`);
      continue;
    }
    value.forEach((item: unknown, index) => {
      try {
        put.push({ list: name, item: decodeItem(name, item) });
      } catch (error) {
        if (!(error instanceof ItemRefusedError) || error.refusal.kind !== 'invalid') throw error;
        for (const fault of error.refusal.errors) errors.push(`${name}/${index}${fault.path === '/' ? '' : fault.path}: ${fault.message}`);
      }
    });
  }
  const toDelete = input['delete'];
  if (toDelete !== undefined) {
    if (!isRecord(toDelete)) errors.push('delete: expected an object of lists, each a list of keys');
    else
      for (const [name, value] of Object.entries(toDelete)) {
        if (!isList(name)) errors.push(`delete/${name}: not a list of the import file`);
        else if (!Array.isArray(value)) errors.push(`delete/${name}: expected a list of keys`);
        else
          value.forEach((id: unknown, index) => {
            if (typeof id === 'number' && Number.isInteger(id) && id >= 1 && id <= 2147483647) deletes.push({ list: name, id });
            else errors.push(`delete/${name}/${index}: expected a whole number from 1 to 2147483647`);
          });
      }
  }
  const seen = new Set<string>();
  for (const { list, item } of put) {
    const key = `${list}/${(item as unknown as Record<string, number>)[itemKey(list)] ?? 0}`;
    if (seen.has(key)) errors.push(`${list}: ${key} is given twice`);
    seen.add(key);
  }
  for (const { list, id } of deletes) if (seen.has(`${list}/${id}`)) errors.push(`delete/${list}: ${list}/${id} is both given and deleted`);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, changes: { put, delete: deletes } };
};

/**
 * Applies `changes` in one transaction, through the content API's own writes: items first, the
 * lists others link to before them; deletions after, those that link first. Any refusal rolls all
 * of it back (an `ItemRefusedError` naming the item). Resolves with what was written.
 */
export const applyChanges = async (db: Database, changes: ContentChanges, by: string, at: Date = new Date()): Promise<ItemWrite[]> =>
  db.transaction(async (tx) => {
    const writes: ItemWrite[] = [];
    const order = (list: ContentList) => CONTENT_LISTS.indexOf(list);
    const where = (list: ContentList, id: number) => (error: unknown) => {
      if (error instanceof ItemRefusedError) {
        const refusal = error.refusal;
        throw new ItemRefusedError(
          refusal.kind === 'conflict'
            ? { ...refusal, detail: `${list}/${id}: ${refusal.detail}` }
            : { kind: 'invalid', errors: refusal.errors.map((fault) => ({ ...fault, path: `${list}/${id}${fault.path === '/' ? '' : fault.path}` })) },
        );
      }
      throw error;
    };
    for (const { list, item } of [...changes.put].sort((a, b) => order(a.list) - order(b.list))) {
      const id = (item as unknown as Record<string, number>)[itemKey(list)] ?? 0;
      writes.push((await putItem(tx, list, id, item, at).catch(where(list, id))).write);
    }
    for (const { list, id } of [...changes.delete].sort((a, b) => order(b.list) - order(a.list))) {
      const write = await deleteItem(tx, list, id, at).catch(where(list, id));
      if (write !== null) writes.push(write);
    }
    await recordWrites(tx, writes, by, at);
    return writes;
  });
