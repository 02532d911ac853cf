import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DRIVERS } from '../playwright/drivers';
import { exportScripts, SCRIPTS_DIR } from '../playwright/export-scripts';
import { exportedScriptFiles } from '../playwright/run-scripts';
import { coveringSuite } from './covering-suite';
import { MODELS } from './models';

const ROOT = resolve(__dirname, '../..');

describe('the exported Playwright scripts (npm run paths -- --playwright)', () => {
  it('drive every machine of the product', () => {
    expect(DRIVERS.map((driver) => driver.model.name).sort()).toEqual(MODELS.map((model) => model.name).sort());
  });

  it.each(DRIVERS.map((driver) => [driver.model.name, driver] as const))(
    '%s: one script a covering path, as the model and its driver give them',
    async (_name, driver) => {
      const scripts = await exportScripts(driver);
      expect(scripts).toHaveLength(coveringSuite(driver.model).length);
      for (const { file, source } of scripts) expect(readFileSync(join(ROOT, SCRIPTS_DIR, file), 'utf8')).toBe(source);
    },
  );

  it('holds no script of a path or machine that is gone', async () => {
    const files = (await Promise.all(DRIVERS.map(exportScripts))).flat().map(({ file }) => file);
    expect(exportedScriptFiles(ROOT)).toEqual(files.sort());
  });
});
