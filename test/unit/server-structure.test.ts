import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// The server's import graph, read from its sources: static imports and re-exports, side-effect
// imports and dynamic import(), type-only ones included (a circle of types still ties two files
// together for a reader). A relative specifier resolves as the bundler resolves it.
const root = resolve(__dirname, '../..');
const SERVER = join(root, 'server');
const MAIN = join(SERVER, 'main.ts');
const DEMO_CONTENT = join(SERVER, 'operations/demo-content.ts');
const SEED_COMMAND = join(SERVER, 'operations/seed-command.ts');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });

const specifiersOf = (file: string): string[] =>
  [
    ...readFileSync(file, 'utf8').matchAll(
      /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm,
    ),
  ].map((match) => (match[1] ?? match[2] ?? match[3])!);

const resolveRelative = (from: string, specifier: string): string => {
  const base = resolve(dirname(from), specifier);
  const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((path) => existsSync(path) && statSync(path).isFile());
  if (found === undefined) throw new Error(`${relative(root, from)}: cannot resolve ${specifier}`);
  return found;
};

interface Imports {
  readonly files: readonly string[];
  readonly packages: readonly string[];
}

const cache = new Map<string, Imports>();
const importsOf = (file: string): Imports => {
  let known = cache.get(file);
  if (known === undefined) {
    const specifiers = specifiersOf(file);
    known = {
      files: specifiers.filter((specifier) => specifier.startsWith('.')).map((specifier) => resolveRelative(file, specifier)),
      packages: specifiers.filter((specifier) => !specifier.startsWith('.')),
    };
    cache.set(file, known);
  }
  return known;
};

/** Every source file `entry` loads, itself included, through the project's own files (src/ too). */
const reachableFrom = (entry: string): Set<string> => {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file) || !/\.tsx?$/.test(file)) return;
    seen.add(file);
    importsOf(file).files.forEach(visit);
  };
  visit(entry);
  return seen;
};

const loadsSharp = (files: Iterable<string>): string[] =>
  [...files].filter((file) => importsOf(file).packages.some((name) => name === 'sharp' || name.startsWith('sharp/'))).map((file) => relative(root, file));

/** The import circles among server files, each as the path that closes it. */
const circles = (files: readonly string[]): string[] => {
  const inServer = new Set(files);
  const state = new Map<string, 'open' | 'done'>();
  const found: string[] = [];
  const visit = (file: string, path: readonly string[]): void => {
    state.set(file, 'open');
    for (const next of importsOf(file).files.filter((target) => inServer.has(target))) {
      if (state.get(next) === 'open') {
        const loop = [...path.slice(path.indexOf(next)), file, next];
        found.push(loop.map((step) => relative(root, step)).join(' → '));
      } else if (state.get(next) === undefined) visit(next, [...path, file]);
    }
    state.set(file, 'done');
  };
  for (const file of files) if (state.get(file) === undefined) visit(file, []);
  return found;
};

describe('the server as a newcomer finds it', () => {
  const serverFiles = sourceFiles(SERVER);

  it('has no import circle among its files', () => {
    expect(circles(serverFiles)).toEqual([]);
  });

  it('would see a circle (two files importing each other)', () => {
    expect(serverFiles.length).toBeGreaterThan(0);
    const [a, b] = [join(SERVER, 'a.ts'), join(SERVER, 'b.ts')];
    cache.set(a, { files: [b], packages: [] });
    cache.set(b, { files: [a], packages: [] });
    try {
      expect(circles([a, b])).toEqual(['server/a.ts → server/b.ts → server/a.ts']);
    } finally {
      cache.delete(a);
      cache.delete(b);
    }
  });

  it('keeps folders a reader can scan', () => {
    const perFolder = new Map<string, number>();
    for (const file of serverFiles) perFolder.set(dirname(file), (perFolder.get(dirname(file)) ?? 0) + 1);
    const crowded = [...perFolder].filter(([, count]) => count > 10).map(([folder, count]) => `${relative(root, folder)}: ${count}`);
    expect(crowded).toEqual([]);
  });

  it('starts the production server without the demo-content generator or sharp: both belong to the seed', () => {
    const loaded = reachableFrom(MAIN);
    expect([...loaded].filter((file) => file.startsWith(join(SERVER, 'operations/'))).map((file) => relative(root, file))).toEqual([]);
    expect(loaded.has(DEMO_CONTENT)).toBe(false);
    expect(loadsSharp(loaded)).toEqual([]);
  });

  it('finds them from the seed command, so the check above would see them', () => {
    const loaded = reachableFrom(SEED_COMMAND);
    expect(loaded.has(DEMO_CONTENT)).toBe(true);
    // media.ts loads sharp with a dynamic import(), only when images are missing.
    expect(loadsSharp(loaded)).toEqual(['server/operations/media.ts']);
  });
});
