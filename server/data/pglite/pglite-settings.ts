// Read by server/settings.ts before anything opens: this module imports nothing.

/**
 * PostgreSQL settings given to PGlite at start (`-c name=value`), sized for a site rather than a
 * database server. PGlite's default of 128 MB of shared buffers is allocated and touched at start:
 * ~100 MB of resident memory more for the demo database, whose tables and indexes weigh 3 MB.
 * 16 MB hold it whole; on the large bench database (134 MB) heavy scans then take ~20 % longer,
 * its pages coming from the system's file cache: `PGLITE_SHARED_BUFFERS=32MB` gets that back for
 * ~20 MB. 4 MB of `work_mem` sorts a full list in memory.
 */
export const PGLITE_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: '16MB',
  work_mem: '4MB',
  maintenance_work_mem: '16MB',
  temp_buffers: '2MB',
  wal_buffers: '1MB',
};

const KB: Readonly<Record<string, number>> = { kB: 1, MB: 1024, GB: 1024 * 1024 };
// PostgreSQL's floor (16 buffers of 8 kB), and PGlite's: a 32-bit WebAssembly memory holds at most
// 4 GB in all, so more than 1 GB of buffers fails while the database opens, after its folder is made.
const MIN_SHARED_BUFFERS_KB = 128;
const MAX_SHARED_BUFFERS_KB = 1024 * 1024;

/** `PGLITE_SETTINGS` with `PGLITE_SHARED_BUFFERS` (e.g. `32MB`, from 128kB to 1GB) from the environment when set; throws, naming the variable, on another value. */
export const pgliteSettings = (env: Readonly<Record<string, string | undefined>> = process.env): Readonly<Record<string, string>> => {
  const raw = env['PGLITE_SHARED_BUFFERS']?.trim();
  if (raw === undefined || raw === '') return PGLITE_SETTINGS;
  const size = /^([1-9][0-9]{0,6})(kB|MB|GB)$/.exec(raw);
  const kilobytes = size === null ? NaN : Number(size[1]) * KB[size[2]!]!;
  if (!(kilobytes >= MIN_SHARED_BUFFERS_KB && kilobytes <= MAX_SHARED_BUFFERS_KB)) {
    throw new Error(`PGLITE_SHARED_BUFFERS must be a size from 128kB to 1GB such as 16MB or 64MB (got "${raw}")`);
  }
  return { ...PGLITE_SETTINGS, shared_buffers: raw };
};
