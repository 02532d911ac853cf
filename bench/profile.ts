import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/http/app';
import { defaultSiteProfile, loadSiteProfile } from '../server/profile/load-site-profile';
import { ensureTestMedia, openTestDatabase } from '../test/support/test-database';
import { BUDGETS, percentile, type Figure } from './figures';
import { seedIfEmpty, startServer } from './server-process';

// Issue 43's budgets: a profile other than the demo's renders its pages uncached within 5 % of the
// demo's, same run and database; and a start with another profile (no rebuild) serves its first page
// within 3 s on the demo database. The pages' JavaScript before interaction is the same build for
// every profile: `npm run bench page-weight` measures it.
const DIST = resolve(__dirname, '../dist');
const COMMUNE = resolve(__dirname, '../test/fixtures/profiles/test-commune');
const ROUNDS = Number(process.env['BENCH_PROFILE_ROUNDS'] ?? 40);
const STARTS = Number(process.env['BENCH_PROFILE_STARTS'] ?? 3);
const HEADERS = { 'accept-encoding': 'br, gzip, deflate' };
// The pages every profile has, at its root language's addresses.
const PAGES = ['/', '/annuaire/', '/agenda/', '/actualites/'];

/** Renders `path` anew `ROUNDS` times on each app in turn (never cached: a content version of its own each time), and gives each app's render times. */
const interleaved = async (apps: readonly FastifyInstance[], path: string): Promise<number[][]> => {
  const times = apps.map(() => [] as number[]);
  for (const app of apps) await app.inject({ url: path, headers: HEADERS });
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, app] of apps.entries()) {
      const started = performance.now();
      const answer = await app.inject({ url: path, headers: HEADERS });
      times[index]!.push(performance.now() - started);
      if (answer.statusCode !== 200) throw new Error(`GET ${path} answered ${answer.statusCode}`);
    }
  }
  return times;
};

const renderFigures = async (): Promise<Figure[]> => {
  const db = await openTestDatabase();
  const mediaDir = await ensureTestMedia();
  let generation = 0;
  const uncached = (profile: ReturnType<typeof defaultSiteProfile>) =>
    buildApp({ db, distDir: DIST, mediaDir, profile, pages: (own) => ({ ...own, version: async () => `${await own.version()}#${(generation += 1)}` }) });
  const demo = uncached(defaultSiteProfile());
  const commune = uncached(loadSiteProfile(COMMUNE));
  try {
    await Promise.all([demo.ready(), commune.ready()]);
    const figures: Figure[] = [];
    for (const path of PAGES) {
      const [demoTimes = [], communeTimes = []] = await interleaved([demo, commune], path);
      const demoP50 = percentile(demoTimes, 50);
      const communeP50 = percentile(communeTimes, 50);
      figures.push({
        benchmark: `uncached page render with a site profile, demo database, ${ROUNDS} renders each, interleaved`,
        name: `${path} with the test commune's profile (German root, no shop), p50`,
        unit: 'ms',
        value: communeP50,
        baseline: { name: "the demo's profile, p50", value: demoP50 },
        budget: { on: 'ratio', max: BUDGETS.profile.renderToDemo },
      });
      console.log(`  ${path}: commune ${communeP50.toFixed(1)} ms, demo ${demoP50.toFixed(1)} ms`);
    }
    return figures;
  } finally {
    await demo.close();
    await commune.close();
    await db.close();
  }
};

/** From the spawn of `npm run serve` with the test commune's profile on a seeded demo database to the first 200 of its home page. */
const restartFigures = async (): Promise<Figure[]> => {
  const seeded = mkdtempSync(join(tmpdir(), 'bench-profile-'));
  try {
    seedIfEmpty({ dataDir: seeded });
    const times: number[] = [];
    for (let start = 0; start < STARTS; start += 1) {
      // A copy each time: the start reads a database that holds the demo content, as after an import.
      const dataDir = mkdtempSync(join(tmpdir(), 'bench-profile-run-'));
      cpSync(seeded, dataDir, { recursive: true });
      try {
        const started = performance.now();
        const server = await startServer({ dataDir, distDir: DIST, env: { SITE_PROFILE: COMMUNE }, readyPath: '/' });
        times.push(performance.now() - started);
        await server.stop();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    const worst = Math.max(...times);
    console.log(`  first page after a start with another profile: ${times.map((time) => time.toFixed(0)).join(', ')} ms`);
    return [
      {
        benchmark: 'a start with another site profile, no rebuild, demo database (PGlite)',
        name: `spawn to the first 200 of / , worst of ${STARTS}`,
        unit: 'ms',
        value: worst,
        baseline: null,
        budget: { on: 'value', max: BUDGETS.profile.restartFirstPageMs },
      },
    ];
  } finally {
    rmSync(seeded, { recursive: true, force: true });
  }
};

/** Issue 43's figures: render time under another profile against the demo's, and the first page after a start with it. */
export const profileFigures = async (): Promise<Figure[]> => [...(await renderFigures()), ...(await restartFigures())];
