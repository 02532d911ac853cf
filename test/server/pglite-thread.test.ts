import { isDatabaseUnavailable } from '../../server/data/database-errors';
import type { Database } from '../../server/data/database';
import { PGLITE_SETTINGS, pgliteSettings } from '../../server/data/pglite/pglite-settings';
import { openPgliteThread } from '../../server/data/pglite/pglite-thread';

// PGlite's first start (its initdb) takes seconds, more on a busy machine.
jest.setTimeout(60_000);

// PGlite in memory, in its worker thread: the same class the server opens on its data folder.
describe('openPgliteThread', () => {
  let db: Database;

  beforeAll(async () => {
    db = await openPgliteThread();
    await db.query('create table notes (id integer primary key, body text not null)');
  });

  afterAll(async () => {
    await db.close();
  });

  it('runs statements with parameters and answers their rows', async () => {
    await db.query('insert into notes (id, body) values ($1, $2), ($3, $4)', [1, 'un', 2, 'deux']);
    await expect(db.query<{ id: number; body: string }>('select id, body from notes order by id')).resolves.toEqual([
      { id: 1, body: 'un' },
      { id: 2, body: 'deux' },
    ]);
  });

  it("starts with the memory settings of the site, not a server's defaults", async () => {
    const [row] = await db.query<{ shared_buffers: string; work_mem: string }>(
      "select current_setting('shared_buffers') as shared_buffers, current_setting('work_mem') as work_mem",
    );
    expect(row).toEqual({ shared_buffers: PGLITE_SETTINGS['shared_buffers'], work_mem: PGLITE_SETTINGS['work_mem'] });
  });

  it('keeps the SQLSTATE of an error, so that it is classified (a defect here, not an outage)', async () => {
    const failure = await db.query('insert into notes (id, body) values (1, $1)', ['again']).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect((failure as { code?: unknown }).code).toBe('23505');
    expect(isDatabaseUnavailable(failure)).toBe(false);
  });

  it('commits a transaction whole, rolls a failed one back whole, and runs other statements only after it', async () => {
    await db.transaction(async (tx) => {
      await tx.query("insert into notes (id, body) values (10, 'dix')");
      await tx.query("insert into notes (id, body) values (11, 'onze')");
    });
    const failed = db.transaction(async (tx) => {
      await tx.query("insert into notes (id, body) values (12, 'douze')");
      await tx.query("insert into notes (id, body) values (10, 'doublon')");
    });
    // Sent while the transaction runs: it waits, and sees nothing of the rolled-back rows.
    const during = db.query<{ id: number }>('select id from notes where id >= 10 order by id');
    await expect(failed).rejects.toMatchObject({ code: '23505' });
    await expect(during).resolves.toEqual([{ id: 10 }, { id: 11 }]);
  });

  it('tells a listener of a NOTIFY once its transaction commits, never one rolled back, and stops when asked', async () => {
    const heard: string[] = [];
    const stop = await db.listen('content_changed', (payload) => heard.push(payload));
    await db.transaction(async (tx) => {
      await tx.query("select pg_notify('content_changed', 'kept')");
    });
    await db
      .transaction(async (tx) => {
        await tx.query("select pg_notify('content_changed', 'dropped')");
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    // A statement after both: its answer comes after any notification the thread sent before it.
    await db.query('select 1');
    expect(heard).toEqual(['kept']);
    await stop();
    await db.query("select pg_notify('content_changed', 'after')");
    await db.query('select 1');
    expect(heard).toEqual(['kept']);
  });
});

describe('openPgliteThread once its thread is gone', () => {
  it('fails every statement at once with an error the server answers 503, rather than hang', async () => {
    const db = await openPgliteThread();
    await db.close();
    const failure = await db.query('select 1').then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(failure)).toBe(true);
  });
});

describe('pgliteSettings', () => {
  it('takes the shared buffers from PGLITE_SHARED_BUFFERS, keeps the rest, and refuses what PostgreSQL would not read', () => {
    expect(pgliteSettings({})).toEqual(PGLITE_SETTINGS);
    expect(pgliteSettings({ PGLITE_SHARED_BUFFERS: ' ' })).toEqual(PGLITE_SETTINGS);
    expect(pgliteSettings({ PGLITE_SHARED_BUFFERS: '64MB' })).toEqual({ ...PGLITE_SETTINGS, shared_buffers: '64MB' });
    expect(pgliteSettings({ PGLITE_SHARED_BUFFERS: '128kB' })['shared_buffers']).toBe('128kB');
    expect(pgliteSettings({ PGLITE_SHARED_BUFFERS: '1GB' })['shared_buffers']).toBe('1GB');
    // 1TB and 2GB: more than PGlite's memory can hold, found today only once its folder is made.
    for (const wrong of ['64', '64 MB', '0MB', '64mb', '1e3MB', '64MB -c fsync=off', '1TB', '2GB', '1048577kB', '64kB']) {
      expect(() => pgliteSettings({ PGLITE_SHARED_BUFFERS: wrong })).toThrow(/PGLITE_SHARED_BUFFERS/);
    }
  });
});
