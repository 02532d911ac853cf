import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openDatabase } from '../server/data/db';
import { migrate } from '../server/data/migrations';
import { buildDemoContent } from '../server/operations/demo-content';
import { seedDemo } from '../server/operations/seed';
import { BUDGETS, type Figure } from './figures';
import { processTreeRssMb, scriptCommand } from './server-process';

// Issue 31: `npm run import` of a valid 50 MB file on PGlite, whose memory is the import process's
// own. The file is the demo generator's at a size that writes some 50 MB of JSON.
const FILE_SIZE = { contacts: 6_500, events: 65_000, news: 13_000, seed: 31 };
// How often the process's memory is read: its high-water mark (VmHWM) where Linux gives one, else ps.
const SAMPLE_MS = 25;

const ROOT = resolve(__dirname, '..');

// The highest resident memory of the process so far, in MB: Linux keeps it (VmHWM); elsewhere the current one.
const highWaterMb = (pid: number): number => {
  try {
    const kb = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    if (kb !== undefined) return Number(kb) / 1024;
  } catch {
    // Not Linux, or gone.
  }
  return processTreeRssMb(pid);
};

/** `npm run bench import`: the peak resident memory and the time of `npm run import` of a 50 MB file into a database that holds the demo content. */
export const importMemory = async (): Promise<Figure[]> => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-import-'));
  try {
    const file = join(dir, 'canton.json');
    writeFileSync(file, JSON.stringify(buildDemoContent(FILE_SIZE)));
    const fileMb = statSync(file).size / 2 ** 20;
    // An import replaces the content of a database in use: the folder is made and seeded first (a new PGlite folder costs its own start).
    const db = await openDatabase({ dataDir: dir });
    await migrate(db);
    await seedDemo(db);
    await db.close();

    const { command, args } = scriptCommand('import');
    const inherited: NodeJS.ProcessEnv = { ...process.env };
    delete inherited['DATABASE_URL'];
    const started = Date.now();
    const child = spawn(command, [...args, file], { cwd: ROOT, env: { ...inherited, DATA_DIR: dir }, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    let peakMb = 0;
    const watch = setInterval(() => (peakMb = Math.max(peakMb, highWaterMb(child.pid ?? 0))), SAMPLE_MS);
    const status = await new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    clearInterval(watch);
    const seconds = (Date.now() - started) / 1000;
    if (status !== 0) throw new Error(`npm run import exited with ${String(status)}: ${output}`);
    console.log(`  ${output.trim()}: ${fileMb.toFixed(1)} MB in ${seconds.toFixed(1)} s, peak ${peakMb.toFixed(0)} MB`);
    const benchmark = `import of a ${fileMb.toFixed(0)} MB file (PGlite)`;
    return [
      {
        benchmark,
        name: 'peak resident memory of the import process',
        unit: 'MB',
        value: peakMb,
        baseline: null,
        budget: { on: 'value', max: BUDGETS.importPeakRssMb },
      },
      { benchmark, name: 'duration', unit: 'ms', value: seconds * 1000, baseline: null },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
