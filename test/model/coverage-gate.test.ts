import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { transitionIds, unwalked } from './coverage';
import { loadMachines } from './diagram';
import { diagramDocuments, pathDocuments, suiteDocuments, writeDocuments } from './documents';
import { pathsOf } from './machine-model';
import { MODELS } from './models';
import { coveringSuite, MAX_COVERING_STEPS } from './covering-suite';
import { suiteOf } from './suite-report';

const MACHINES_DIR = join(__dirname, '../../src/machines');

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

// docs/test-paths and docs/test-suite are generated, not kept in git: these tests write them, as `npm run paths -- --all`
// does, into a folder of their own and check that what comes out is the machines' paths and suites, whole and linked.
const TREE = mkdtempSync(join(tmpdir(), 'generated-docs-'));
const PATHS_DIR = join(TREE, 'docs/test-paths');
const SUITE_DIR = join(TREE, 'docs/test-suite');
const DIAGRAMS_DIR = join(TREE, 'docs/machines');
beforeAll(async () => {
  // What an earlier run left: the documents of a machine that is gone, and the scripts' folder, which is not theirs.
  mkdirSync(PATHS_DIR, { recursive: true });
  writeFileSync(join(PATHS_DIR, 'gone.md'), '# A machine that is gone\n');
  mkdirSync(join(SUITE_DIR, 'playwright/cart'), { recursive: true });
  writeFileSync(join(SUITE_DIR, 'gone.feature'), '# language: fr\n');
  writeFileSync(join(SUITE_DIR, 'playwright/cart/cart-01.ts'), 'export {};\n');
  writeDocuments(PATHS_DIR, pathDocuments(MODELS));
  writeDocuments(SUITE_DIR, suiteDocuments(MODELS));
  writeDocuments(DIAGRAMS_DIR, diagramDocuments(await loadMachines()));
}, 60_000);
afterAll(() => rmSync(TREE, { recursive: true, force: true }));

const read = (dir: string, file: string): string => readFileSync(join(dir, file), 'utf8');
const filesOf = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .sort();

/** The rows of a CSV file as csv-stringify writes them: a field with a comma, a quote or a line break is quoted, its quotes doubled. */
const parseCsv = (text: string): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted && char === '"' && text[index + 1] === '"') {
      field += '"';
      index += 1;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === ',') {
      row.push(field);
      field = '';
    } else if (!quoted && char === '\n') {
      rows.push([...row, field]);
      row = [];
      field = '';
    } else {
      field += char;
    }
  }
  return rows;
};

describe('the generated test paths (npm run paths -- --all)', () => {
  it('are one document a machine, and none of a machine that is gone', () => {
    expect(filesOf(PATHS_DIR)).toEqual(MODELS.map((model) => `${model.name}.md`).sort());
  });

  it.each(MODELS.map((model) => [model.name, model] as const))('docs/test-paths/%s.md numbers every path the model tests walk, each step in turn', (name, model) => {
    const text = read(PATHS_DIR, `${name}.md`);
    const paths = pathsOf(model);
    expect(text).toMatch(new RegExp(`^# Machine « ${name} » : ${paths.length} chemins, \\d+ états, \\d+ transitions; non parcourus : 0\\n`));
    const headings = [...text.matchAll(/^## Chemin (\d+) \((.+)\)$/gm)];
    expect(headings.map((heading) => [Number(heading[1]), heading[2]])).toEqual(
      paths.map((path, index) => [index + 1, path.kind === 'state' ? 'vers un état' : 'pour une transition']),
    );
    // Each path's section: where it starts, then its steps numbered from 1, each with what is expected after it.
    const sections = text.split(/^## Chemin .*$/m).slice(1);
    for (const [index, section] of sections.entries()) {
      expect(section).toMatch(/^\n\nAu départ : \S/);
      const numbers = [...section.matchAll(/^(\d+)\. .+ — attendu : .+$/gm)].map((line) => Number(line[1]));
      expect(numbers).toEqual(paths[index]!.steps.slice(1).map((_, step) => step + 1));
    }
  });
});

describe('the generated covering suites (npm run paths -- --all)', () => {
  it('are each machine’s suite in Markdown, Gherkin and CSV, and their index; a stale file goes, the scripts’ folder stays', () => {
    expect(filesOf(SUITE_DIR)).toEqual(
      ['README.md', ...MODELS.flatMap((model) => ['md', 'feature', 'csv'].map((extension) => `${model.name}.${extension}`))].sort(),
    );
    expect(read(SUITE_DIR, 'playwright/cart/cart-01.ts')).toBe('export {};\n');
  });

  it.each(MODELS.map((model) => [model.name, model] as const))(
    '%s: the CSV, the Markdown and the Gherkin tell each path of the covering suite, step by step',
    (name, model) => {
      const covering = coveringSuite(model);
      const suite = suiteOf(model);
      expect(suite.map((path) => path.steps.length)).toEqual(covering.map((path) => path.steps.length));
      expect(suite.map((path) => path.id)).toEqual(covering.map((_, index) => `${name}-${index + 1}`));

      expect(parseCsv(read(SUITE_DIR, `${name}.csv`))).toEqual([
        ['id', 'step', 'action', 'expected'],
        ...suite.flatMap((path) => path.steps.map((step) => [path.id, String(step.step), step.action, step.expected])),
      ]);

      const markdown = read(SUITE_DIR, `${name}.md`);
      expect([...markdown.matchAll(/^## (.+)$/gm)].map((heading) => heading[1])).toEqual(suite.map((path) => path.id));
      const told = suite.flatMap((path) =>
        path.steps.map((step) => (step.step === 0 ? `Au départ, attendu : ${step.expected}` : `${step.step}. ${step.action}\n   — attendu : ${step.expected}`)),
      );
      // A step's lines run to the next step, heading or blank line.
      const steps = markdown.split(/\n(?=## |Au départ|\d+\. |\n)/).map((chunk) => chunk.trim());
      expect(steps.filter((chunk) => chunk.startsWith('Au départ') || /^\d+\. /.test(chunk))).toEqual(told);

      const gherkin = read(SUITE_DIR, `${name}.feature`).split('\n');
      expect(gherkin[0]).toBe('# language: fr');
      expect(gherkin.filter((line) => line.startsWith('  Scénario: '))).toEqual(suite.map((path) => `  Scénario: ${path.id}`));
      expect(gherkin.filter((line) => line.startsWith('    Quand '))).toEqual(
        suite.flatMap((path) => path.steps.slice(1).map((step) => `    Quand ${step.action}`)),
      );
      expect(gherkin.filter((line) => line.startsWith('    Alors '))).toEqual(suite.flatMap((path) => path.steps.map((step) => `    Alors ${step.expected}`)));
    },
  );

  it('index gives each machine its covering paths and steps, every transition taken', () => {
    const rows = read(SUITE_DIR, 'README.md')
      .split('\n')
      .filter((line) => /^\| [a-z-]+ \| \d/.test(line))
      .map((line) => line.split(' | ').slice(0, 4));
    expect(rows).toEqual(
      MODELS.map((model) => {
        const suite = coveringSuite(model);
        const transitions = transitionIds(model.model).length;
        return [`| ${model.name}`, String(suite.length), String(suite.reduce((sum, path) => sum + path.steps.length - 1, 0)), `${transitions} / ${transitions}`];
      }),
    );
  });

  it('link, with the test paths and the diagrams, only to documents the generator writes', () => {
    const broken = [PATHS_DIR, SUITE_DIR, DIAGRAMS_DIR].flatMap((dir) =>
      filesOf(dir)
        .filter((file) => file.endsWith('.md'))
        .flatMap((file) =>
          [...read(dir, file).matchAll(/\]\(([^)#\s]+)\)/g)]
            .map((link) => link[1]!)
            .filter((target) => !/^[a-z]+:/.test(target) && !existsSync(join(dir, target)))
            .map((target) => `${relative(TREE, join(dir, file))} → ${target}`),
        ),
    );
    expect(broken).toEqual([]);
  });
});
