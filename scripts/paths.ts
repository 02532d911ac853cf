// `npm run paths -- <machine> [--format text|md|json|gherkin|csv] [--keywords fr|en]` prints the machine's
// covering suite: the fewest paths that take every transition, as steps with what the visitor sees after each.
// `npm run paths -- <machine> --exhaustive [--format text|json|md] [--lang fr|en]` prints every path the model tests walk.
// `npm run paths -- --all` writes docs/test-paths/<machine>.md (exhaustive) and docs/test-suite/ (the suites in
// Markdown, Gherkin and CSV, with their index, and as Playwright scripts); `npm run paths -- --diagrams` writes docs/machines/<machine>.md,
// a Mermaid state diagram of each machine, and their index docs/machines/README.md.
// `npm run paths -- --playwright [machine…]` writes docs/test-suite/playwright/<machine>/<machine>-NN.ts, a
// Playwright script a covering path; `npm run paths -- --playwright --against <site> [machine…]` runs them in Chromium
// against that live site (its pages and scripts; the API's answers are the script's).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { diagramsIndex, loadMachines, machineDiagram } from '../test/model/diagram';
import { renderPaths, type PathFormat } from '../test/model/path-report';
import { MODELS } from '../test/model/models';
import { DRIVERS } from '../test/playwright/drivers';
import { exportScripts, SCRIPTS_DIR } from '../test/playwright/export-scripts';
import { exportedScriptFiles, runScript } from '../test/playwright/run-scripts';
import { launchBrowser } from '../test/support/browser';
import { renderSuite, suitesIndex, type GherkinKeywords, type SuiteFormat } from '../test/model/suite-report';
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
      '       npm run paths -- --all | --diagrams | --playwright [--against <site> [machine…]]',
  );
  process.exit(2);
}

/** The covering suites, in every format, and their index. */
const writeSuites = (): void => {
  const dir = resolve(__dirname, '../docs/test-suite');
  mkdirSync(dir, { recursive: true });
  const files = new Map<string, string>([
    ...MODELS.flatMap((model) => [
      [`${model.name}.md`, renderSuite(model, 'md')] as const,
      [`${model.name}.feature`, renderSuite(model, 'gherkin')] as const,
      [`${model.name}.csv`, renderSuite(model, 'csv')] as const,
    ]),
    ['README.md', suitesIndex(MODELS)] as const,
  ]);
  // The suites' files only: the Playwright scripts' folder is writeScripts' to keep.
  const stale = readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isFile() && !files.has(entry.name));
  for (const entry of stale) rmSync(join(dir, entry.name));
  for (const [file, text] of files) {
    writeFileSync(join(dir, file), text);
    console.log(`wrote ${join(dir, file)}`);
  }
};

const writeDiagrams = async (): Promise<void> => {
  const dir = resolve(__dirname, '../docs/machines');
  mkdirSync(dir, { recursive: true });
  const machines = await loadMachines();
  const files = new Map<string, string>([
    ...machines.map(({ name, machine }) => [`${name}.md`, machineDiagram(name, machine)] as const),
    ['README.md', diagramsIndex(machines)] as const,
  ]);
  // The folder is generated whole: the diagram of a machine that is gone goes with it.
  for (const stale of readdirSync(dir).filter((file) => file.endsWith('.md') && !files.has(file))) {
    rmSync(join(dir, stale));
    console.log(`removed ${join(dir, stale)}`);
  }
  for (const [file, text] of files) {
    writeFileSync(join(dir, file), text);
    console.log(`wrote ${join(dir, file)}`);
  }
};

/** The Playwright scripts of the named machines, or of every driven machine; each machine's folder is generated whole. */
const writeScripts = async (): Promise<void> => {
  const dir = resolve(__dirname, '..', SCRIPTS_DIR);
  const wanted = args.filter((arg) => !arg.startsWith('--'));
  if (wanted.length === 0) rmSync(dir, { recursive: true, force: true });
  for (const driver of DRIVERS.filter((candidate) => wanted.length === 0 || wanted.includes(candidate.model.name))) {
    rmSync(join(dir, driver.model.name), { recursive: true, force: true });
    for (const { file, source } of await exportScripts(driver)) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), source);
      console.log(`wrote ${join(dir, file)}`);
    }
  }
};

/** Runs the exported scripts (of the named machines, or all) against a live site; exits 1 if any fails. */
const runScripts = async (site: string): Promise<void> => {
  const root = resolve(__dirname, '..');
  const wanted = args.filter((arg, index) => !arg.startsWith('--') && args[index - 1] !== '--against');
  const files = exportedScriptFiles(root).filter((file) => wanted.length === 0 || wanted.includes(file.split('/')[0]!));
  const browser = await launchBrowser();
  let failed = 0;
  try {
    for (const file of files) {
      try {
        await runScript(browser, root, file, site);
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

if (args.includes('--playwright')) {
  const against = args.includes('--against') ? option('against', '') : null;
  (against === null ? writeScripts() : runScripts(against)).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else if (args.includes('--diagrams')) {
  writeDiagrams().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else if (args.includes('--all')) {
  const dir = resolve(__dirname, '../docs/test-paths');
  mkdirSync(dir, { recursive: true });
  for (const model of MODELS) {
    const file = join(dir, `${model.name}.md`);
    writeFileSync(file, renderPaths(model, 'md', 'fr'));
    console.log(`wrote ${file}`);
  }
  writeSuites();
  writeScripts().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  const name = args.find((arg, index) => !arg.startsWith('--') && !args[index - 1]?.startsWith('--'));
  const model = MODELS.find((candidate) => candidate.name === name);
  if (!model) {
    console.error(`Name a machine: ${names.join(', ')} (or --all, --diagrams).`);
    process.exit(2);
  }
  process.stdout.write(exhaustive ? renderPaths(model, format as PathFormat, language) : renderSuite(model, format as SuiteFormat, keywords));
}
