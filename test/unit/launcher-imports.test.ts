import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// A launcher that installs the dependencies (`npm start`, `npm test`…) runs on a clone with no
// node_modules: every module it loads before its install step must come with Node. ES modules
// resolve their static imports before any line runs, so the whole static graph of a launcher may
// name `node:` modules and the project's own files only; a dependency is loaded later, with import().
const root = resolve(__dirname, '../..');
const scripts = join(root, 'scripts');

const staticImports = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)\s[^'";]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm)].map(
    (match) => (match[1] ?? match[2])!,
  );

/** Every import specifier of `entry`'s static graph, with the file that wrote it. */
const graphOf = (entry: string): { readonly file: string; readonly specifier: string }[] => {
  const seen = new Set<string>();
  const found: { file: string; specifier: string }[] = [];
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of staticImports(file)) {
      found.push({ file: relative(root, file), specifier });
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier));
    }
  };
  visit(entry);
  return found;
};

const launchers = readdirSync(scripts)
  .filter((name) => /\.m?js$/.test(name))
  .filter((name) => /\bensureInstall\(\)/.test(readFileSync(join(scripts, name), 'utf8')));

describe('the launchers, before their install step', () => {
  it('are the commands a newcomer runs first', () => {
    expect(launchers).toEqual(expect.arrayContaining(['start.mjs', 'test.mjs']));
  });

  it.each(launchers)('scripts/%s imports only Node and its own files', (name) => {
    const graph = graphOf(join(scripts, name));
    const outside = graph.filter(({ specifier }) => !specifier.startsWith('node:') && !specifier.startsWith('.'));
    expect(outside).toEqual([]);
    for (const { specifier, file } of graph.filter(({ specifier }) => specifier.startsWith('.'))) {
      expect(existsSync(resolve(root, dirname(file), specifier))).toBe(true);
    }
  });

  it('would see a dependency in a graph (the lint settings import theirs)', () => {
    const graph = graphOf(join(root, 'eslint.config.mjs'));
    expect(graph.map(({ specifier }) => specifier)).toEqual(expect.arrayContaining(['typescript-eslint']));
  });
});
