// `npm run paths -- <machine> [--format text|json|md] [--lang fr|en]` prints the paths that the
// model-based tests walk, as numbered human steps with the state expected after each.
// `npm run paths -- --all` writes docs/test-paths/<machine>.md for every machine; `npm run paths -- --diagrams`
// writes docs/machines/<machine>.md, a Mermaid state diagram of each machine, and their index docs/machines/README.md.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { diagramsIndex, loadMachines, machineDiagram } from '../test/model/diagram';
import { renderPaths, type PathFormat } from '../test/model/path-report';
import { MODELS } from '../test/model/models';
import type { StepLanguage } from '../test/model/machine-model';

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1]! : fallback;
};
const format = option('format', 'text') as PathFormat;
const language = option('lang', 'fr') as StepLanguage;
const names = MODELS.map((model) => model.name);

if (!['text', 'json', 'md'].includes(format) || !['fr', 'en'].includes(language)) {
  console.error('Usage: npm run paths -- <machine> [--format text|json|md] [--lang fr|en] | --all | --diagrams');
  process.exit(2);
}

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
} else {
  const name = args.find((arg, index) => !arg.startsWith('--') && !args[index - 1]?.startsWith('--'));
  const model = MODELS.find((candidate) => candidate.name === name);
  if (!model) {
    console.error(`Name a machine: ${names.join(', ')} (or --all, --diagrams).`);
    process.exit(2);
  }
  process.stdout.write(renderPaths(model, format, language));
}
