import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DRIVERS } from '../playwright/drivers';
import { SCRIPTS_DIR, scriptFilesOf, writeScripts } from '../playwright/export-scripts';
import { exportedScriptFiles } from '../playwright/run-scripts';
import { coveringSuite } from './covering-suite';
import { MODELS } from './models';
import { suiteOf } from './suite-report';

// The scripts are generated, not kept in git: they are written here, as `npm run paths -- --playwright` writes them,
// into a folder of the test's own, and checked against the covering suites they come from.
const ROOT = mkdtempSync(join(tmpdir(), 'exported-scripts-'));
const DIR = join(ROOT, SCRIPTS_DIR);
const NAMES = DRIVERS.map((driver) => driver.model.name);
let written: string[];

beforeAll(async () => {
  // What an earlier export left: a machine that is gone, and a path its machine no longer has.
  mkdirSync(join(DIR, 'gone'), { recursive: true });
  writeFileSync(join(DIR, 'gone/gone-01.ts'), 'export {};\n');
  mkdirSync(join(DIR, 'cart'), { recursive: true });
  writeFileSync(join(DIR, 'cart/cart-99.ts'), 'export {};\n');
  written = await writeScripts(DIR, DRIVERS);
}, 60_000);

afterAll(() => rmSync(ROOT, { recursive: true, force: true }));

describe('the exported Playwright scripts (npm run paths -- --playwright)', () => {
  it('drive every machine of the product', () => {
    expect([...NAMES].sort()).toEqual(MODELS.map((model) => model.name).sort());
  });

  it.each(DRIVERS.map((driver) => [driver.model.name, driver] as const))(
    '%s: one script a covering path, opening its page and checking the screen after each step',
    (name, driver) => {
      const suite = coveringSuite(driver.model);
      const words = suiteOf(driver.model);
      const files = scriptFilesOf(driver);
      expect(files).toEqual(suite.map((_, index) => `${name}/${name}-${String(index + 1).padStart(2, '0')}.ts`));
      for (const [index, file] of files.entries()) {
        const source = readFileSync(join(DIR, file), 'utf8');
        expect(source).toContain(`(docs/test-suite/${name}.md, ${words[index]!.id})`);
        expect(source).toMatch(/^export const run = async \(page: Page, site: string\): Promise<void> => \{$/m);
        expect(source).toContain(`await openBare(page, site, `);
        // One check of the screen as the page opens, then one after each step, numbered as the path's steps.
        const checks = [...source.matchAll(/^\s*await see\(\s*page,\s*[^,]+,\s*(\d+),/gm)].map((check) => Number(check[1]));
        expect(checks).toEqual(suite[index]!.steps.map((_, step) => step));
        // Each step's act follows the words a tester reads for it.
        for (const step of words[index]!.steps.slice(1)) expect(source).toContain(`// ${step.step}. ${step.action.replace(/\s+/g, ' ')}`);
      }
    },
  );

  it('leave no script of a path or a machine that is gone', () => {
    const files = DRIVERS.flatMap(scriptFilesOf).sort();
    expect([...written].sort()).toEqual(files);
    expect(exportedScriptFiles(ROOT)).toEqual(files);
  });

  it('rewrite only the named machines, keeping the scripts of the others', async () => {
    const cartPrices = DRIVERS.find((driver) => driver.model.name === 'cart-prices')!;
    writeFileSync(join(DIR, 'cart/cart-01.ts'), '// kept as it was\n');
    writeFileSync(join(DIR, 'cart-prices/cart-prices-99.ts'), 'export {};\n');
    mkdirSync(join(DIR, 'gone'));
    writeFileSync(join(DIR, 'gone/gone-01.ts'), 'export {};\n');
    expect(await writeScripts(DIR, [cartPrices], NAMES)).toEqual(scriptFilesOf(cartPrices));
    expect(readFileSync(join(DIR, 'cart/cart-01.ts'), 'utf8')).toBe('// kept as it was\n');
    expect(exportedScriptFiles(ROOT)).toEqual(DRIVERS.flatMap(scriptFilesOf).sort());
  });
});
