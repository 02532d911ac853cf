import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { unwalked } from './coverage';
import { pathsOf } from './machine-model';
import { MODELS } from './models';
import { renderPaths } from './path-report';

const MACHINES_DIR = join(__dirname, '../../src/machines');
const DOCS_DIR = join(__dirname, '../../docs/test-paths');

describe('the coverage gate', () => {
  it('has a model-based walk for every machine of src/machines', () => {
    const machines = readdirSync(MACHINES_DIR)
      .filter((name) => name.endsWith('-machine.ts'))
      .map((name) => name.replace(/-machine\.ts$/, ''));
    expect(machines.sort()).toEqual(MODELS.map((model) => model.name).sort());
  });

  it.each(MODELS.map((model) => [model.name, model] as const))('finds every state and transition of %s walked', (_name, model) => {
    expect(unwalked(model.model, pathsOf(model))).toEqual({ states: [], transitions: [] });
  });

  it('names what is missing when a path is taken out of a walk', () => {
    const directory = MODELS.find((model) => model.name === 'directory')!;
    const paths = pathsOf(directory);
    // The only path that closes the details: without it, that transition is unwalked.
    const closing = paths.filter((path) => path.steps.some((step) => step.event.type === 'CLOSE_DETAILS'));
    expect(closing.length).toBeGreaterThan(0);
    const rest = paths.filter((path) => !closing.includes(path));
    expect(unwalked(directory.model, rest).transitions).toContain('directory.details.open —CLOSE_DETAILS#0→');
    // And a state that only those paths reach would be named too.
    const noRetry = paths.filter((path) => !path.steps.some((step) => step.event.type === 'CONTACTS_FAILED'));
    expect(unwalked(directory.model, noRetry).states).toContain('directory.contacts.failed');
  });
});

describe('the checked-in test paths', () => {
  it.each(MODELS.map((model) => [model.name, model] as const))('docs/test-paths/%s.md is what the machine gives (npm run paths -- --all)', (name, model) => {
    expect(readFileSync(join(DOCS_DIR, `${name}.md`), 'utf8')).toBe(renderPaths(model, 'md', 'fr'));
  });
});
