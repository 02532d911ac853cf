// `npm run paths -- <machine> [--format text|md|json|gherkin|csv] [--keywords fr|en]` prints the machine's
// covering suite: the fewest paths that take every transition, as steps with what the visitor sees after each.
// `npm run paths -- <machine> --exhaustive [--format text|json|md] [--lang fr|en]` prints every path the model tests walk.
// `npm run paths -- --all` writes every generated document and script: docs/test-paths/<machine>.md (exhaustive),
// docs/test-suite/ (the suites in Markdown, Gherkin and CSV, with their index, and as Playwright scripts) and
// docs/machines/. Only docs/machines/ is kept in git, for reading without running anything; the others are
// regenerated, not committed; `npm run paths -- --generated` writes those alone (`npm test` does, and leaves the kept
// diagrams to their test). `npm run paths -- --diagrams` writes docs/machines/<machine>.md alone, a Mermaid
// state diagram of each machine, and their index docs/machines/README.md.
// `npm run paths -- --playwright [machine…]` writes docs/test-suite/playwright/<machine>/<machine>-NN.ts, a
// Playwright script a covering path; `npm run paths -- --playwright --against <site> [machine…]` runs them in Chromium
// against that live site (its pages and scripts; the API's answers are the script's).
import { join, resolve } from 'node:path';
import { loadMachines } from '../test/model/diagram';
import { diagramDocuments, pathDocuments, suiteDocuments, writeDocuments } from '../test/model/documents';
import { renderPaths, type PathFormat } from '../test/model/path-report';
import { MODELS } from '../test/model/models';
import { DRIVERS } from '../test/playwright/drivers';
import { SCRIPTS_DIR, writeScripts } from '../test/playwright/export-scripts';
import { exportedScriptFiles, runScript } from '../test/playwright/run-scripts';
import { launchBrowser } from '../test/support/browser';
import { renderSuite, type GherkinKeywords, type SuiteFormat } from '../test/model/suite-report';
import type { StepLanguage } from '../test/model/machine-model';

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1]! : fallback;
};
const exhaustive = args.includes('--exhaustive');
const format = option('format', 'text');
const language = option('lang', 'fr') as StepLanguage;
const keywords = option('keywords', 'fr') as GherkinKeywords;
const names = MODELS.map((model) => model.name);
const FORMATS = exhaustive ? ['text', 'json', 'md'] : ['text', 'md', 'json', 'gherkin', 'csv'];

if (!FORMATS.includes(format) || !['fr', 'en'].includes(language) || !['fr', 'en'].includes(keywords)) {
  console.error(
    'Usage: npm run paths -- <machine> [--format text|md|json|gherkin|csv] [--keywords fr|en]\n' +
      '       npm run paths -- <machine> --exhaustive [--format text|json|md] [--lang fr|en]\n' +
      '       npm run paths -- --all | --generated | --diagrams | --playwright [--against <site> [machine…]]',
  );
  process.exit(2);
}

const ROOT = resolve(__dirname, '..');

const report = (files: readonly string[]): void => {
  for (const file of files) console.log(`wrote ${file}`);
};

const writeDiagrams = async (): Promise<void> => report(writeDocuments(join(ROOT, 'docs/machines'), diagramDocuments(await loadMachines())));

/** The Playwright scripts of the named machines, or of every driven machine; each machine's folder is generated whole. */
const writePlaywrightScripts = async (): Promise<void> => {
  const dir = join(ROOT, SCRIPTS_DIR);
  const wanted = args.filter((arg) => !arg.startsWith('--'));
  const drivers = DRIVERS.filter((candidate) => wanted.length === 0 || wanted.includes(candidate.model.name));
  // Named machines: the other machines' scripts stay as they are. None named: the folder holds the driven machines' only.
  const keep = wanted.length === 0 ? [] : DRIVERS.map((driver) => driver.model.name);
  report((await writeScripts(dir, drivers, keep)).map((file) => join(dir, file)));
};

/** The documents and scripts git does not keep: what `npm run paths -- --generated` writes (`npm test` runs it). */
const writeGenerated = async (): Promise<void> => {
  report(writeDocuments(join(ROOT, 'docs/test-paths'), pathDocuments(MODELS)));
  report(writeDocuments(join(ROOT, 'docs/test-suite'), suiteDocuments(MODELS)));
  await writePlaywrightScripts();
};

/** Every generated document and script, the kept diagrams too: what `npm run paths -- --all` writes. */
const writeAll = async (): Promise<void> => {
  await writeGenerated();
  await writeDiagrams();
};

/** Runs the exported scripts (of the named machines, or all) against a live site; exits 1 if any fails. */
const runScripts = async (site: string): Promise<void> => {
  const wanted = args.filter((arg, index) => !arg.startsWith('--') && args[index - 1] !== '--against');
  const files = exportedScriptFiles(ROOT).filter((file) => wanted.length === 0 || wanted.includes(file.split('/')[0]!));
  const browser = await launchBrowser();
  let failed = 0;
  try {
    for (const file of files) {
      try {
        await runScript(browser, ROOT, file, site);
        console.log(`✓ ${file}`);
      } catch (error) {
        failed += 1;
        console.log(`✗ ${file}\n  ${error instanceof Error ? error.message.replace(/\n/g, '\n  ') : String(error)}`);
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`${files.length - failed} passed, ${failed} failed`);
  if (failed > 0) process.exitCode = 1;
};

const fail = (error: unknown): never => {
  console.error(error);
  process.exit(1);
};

if (args.includes('--playwright')) {
  const against = args.includes('--against') ? option('against', '') : null;
  (against === null ? writePlaywrightScripts() : runScripts(against)).catch(fail);
} else if (args.includes('--diagrams')) {
  writeDiagrams().catch(fail);
} else if (args.includes('--generated')) {
  // The kept diagrams stay as committed, so that their test still tells when one is out of date.
  writeGenerated().catch(fail);
} else if (args.includes('--all')) {
  writeAll().catch(fail);
} else {
  const name = args.find((arg, index) => !arg.startsWith('--') && !args[index - 1]?.startsWith('--'));
  const model = MODELS.find((candidate) => candidate.name === name);
  if (!model) {
    console.error(`Name a machine: ${names.join(', ')} (or --all, --diagrams).`);
    process.exit(2);
  }
  process.stdout.write(exhaustive ? renderPaths(model, format as PathFormat, language) : renderSuite(model, format as SuiteFormat, keywords));
}
