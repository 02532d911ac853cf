import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { unwalked } from './coverage';
import { pathsOf } from './machine-model';
import { MODELS } from './models';
import { coveringSuite, MAX_COVERING_STEPS } from './covering-suite';
import { renderPaths } from './path-report';
import { renderSuite, suitesIndex } from './suite-report';

const MACHINES_DIR = join(__dirname, '../../src/machines');
const DOCS_DIR = join(__dirname, '../../docs/test-paths');
const SUITE_DIR = join(__dirname, '../../docs/test-suite');

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

  it.each(MODELS.map((model) => [model.name, model] as const))(
    'finds every transition of %s taken by its covering suite, in paths a tester follows at one go',
    (_name, model) => {
      const suite = coveringSuite(model);
      expect(unwalked(model.model, suite).transitions).toEqual([]);
      for (const path of suite) expect(path.steps.length - 1).toBeLessThanOrEqual(MAX_COVERING_STEPS);
      // Fewer steps than the exhaustive walk: the suite is the short read, the walk the full proof.
      const steps = (paths: readonly { steps: readonly unknown[] }[]): number => paths.reduce((sum, path) => sum + path.steps.length - 1, 0);
      expect(steps(suite)).toBeLessThanOrEqual(steps(pathsOf(model)));
    },
  );

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

describe('the checked-in covering suites', () => {
  it.each(MODELS.flatMap((model) => (['md', 'feature', 'csv'] as const).map((extension) => [`${model.name}.${extension}`, model, extension] as const)))(
    'docs/test-suite/%s is what the machine gives (npm run paths -- --all)',
    (file, model, extension) => {
      const format = extension === 'feature' ? 'gherkin' : extension;
      expect(readFileSync(join(SUITE_DIR, file), 'utf8')).toBe(renderSuite(model, format));
    },
  );

  it('docs/test-suite/README.md gives each machine its figures', () => {
    expect(readFileSync(join(SUITE_DIR, 'README.md'), 'utf8')).toBe(suitesIndex(MODELS));
  });
});
