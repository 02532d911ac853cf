// `npm run paths -- <machine> [--format text|md|json|gherkin|csv] [--keywords fr|en]` prints the machine's
// covering suite: the fewest paths that take every transition, as steps with what the visitor sees after each.
// `npm run paths -- <machine> --exhaustive [--format text|json|md] [--lang fr|en]` prints every path the model tests walk.
// `npm run paths -- --all` writes docs/test-paths/<machine>.md (exhaustive) and docs/test-suite/ (the suites in
// Markdown, Gherkin and CSV, with their index); `npm run paths -- --diagrams` writes docs/machines/<machine>.md,
// a Mermaid state diagram of each machine, and their index docs/machines/README.md.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { diagramsIndex, loadMachines, machineDiagram } from '../test/model/diagram';
import { renderPaths, type PathFormat } from '../test/model/path-report';
import { MODELS } from '../test/model/models';
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
      '       npm run paths -- --all | --diagrams',
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
  for (const stale of readdirSync(dir).filter((file) => !files.has(file))) rmSync(join(dir, stale));
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

if (args.includes('--diagrams')) {
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
} else {
  const name = args.find((arg, index) => !arg.startsWith('--') && !args[index - 1]?.startsWith('--'));
  const model = MODELS.find((candidate) => candidate.name === name);
  if (!model) {
    console.error(`Name a machine: ${names.join(', ')} (or --all, --diagrams).`);
    process.exit(2);
  }
  process.stdout.write(exhaustive ? renderPaths(model, format as PathFormat, language) : renderSuite(model, format as SuiteFormat, keywords));
}
