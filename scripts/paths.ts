// `npm run paths -- <machine> [--format text|json|md] [--lang fr|en]` prints the paths that the
// model-based tests walk, as numbered human steps with the state expected after each.
// `npm run paths -- --all` writes docs/test-paths/<machine>.md for every machine.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
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
  console.error('Usage: npm run paths -- <machine> [--format text|json|md] [--lang fr|en] | --all');
  process.exit(2);
}

if (args.includes('--all')) {
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
    console.error(`Name a machine: ${names.join(', ')} (or --all).`);
    process.exit(2);
  }
  process.stdout.write(renderPaths(model, format, language));
}
