import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

// The README and docs/ are what a newcomer reads: every relative link leads to a file of the repository, the README stays
// short enough to read at one go, and nothing points outside the repository to the team's shared folder, which a clone lacks.
const root = resolve(__dirname, '../..');
const README_MAX_LINES = 250;

// Written by `npm run paths -- --all` and git-ignored: the kept documents name them as that command, never as a link.
const GENERATED = ['docs/test-paths', 'docs/test-suite'];
const generatedFolderOf = (path: string): string | undefined => GENERATED.find((folder) => path === folder || path.startsWith(`${folder}/`));

// The team's folder beside the repository, spelt in pieces so that this file does not mention it.
const OUTSIDE_FOLDER = ['..', 'shared', ''].join('/');

const markdownUnder = (dir: string): string[] =>
  readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) return markdownUnder(path);
    return name.endsWith('.md') ? [path] : [];
  });

const DOCUMENTS = ['README.md', ...markdownUnder('docs')];
// The documents written by hand: the README and the top of docs/ (docs/machines/ is written by `npm run paths -- --diagrams`).
const KEPT_BY_HAND = DOCUMENTS.filter((path) => path === 'README.md' || /^docs\/[^/]+\.md$/.test(path));

/** The text without code: fenced blocks and inline code spans hold examples, not links. */
const withoutCode = (text: string): string => {
  let fence: string | null = null;
  const lines = text.split('\n').map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === null && marker !== undefined) {
      fence = marker;
      return '';
    }
    if (fence !== null) {
      if (marker?.startsWith(fence)) fence = null;
      return '';
    }
    return line.replace(/(`+)[^\n]*?\1/g, '');
  });
  return lines.join('\n');
};

/** The targets of the Markdown links `[text](target)` and images `![alt](target)` of a document. */
const linksOf = (text: string): string[] => [...withoutCode(text).matchAll(/!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!);

const isExternal = (target: string): boolean => /^(https?:|mailto:)/i.test(target) || target.startsWith('#');

/** The repository path a relative link leads to, from the document that holds it (`/…` from the repository's root). */
const pathOf = (document: string, target: string): string => {
  const bare = decodeURI(target.replace(/[#?].*$/, ''));
  const absolute = bare.startsWith('/') ? join(root, bare) : resolve(root, dirname(document), bare);
  return relative(root, absolute).split(sep).join('/');
};

const relativeLinks = (document: string): { target: string; path: string }[] =>
  linksOf(readFileSync(join(root, document), 'utf8'))
    .filter((target) => !isExternal(target))
    .map((target) => ({ target, path: pathOf(document, target) }));

describe('the README and docs/', () => {
  it('finds the documents it checks', () => {
    expect(DOCUMENTS).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md', 'docs/requirements.md', 'docs/machines/README.md']));
  });

  it.each(DOCUMENTS)('%s: every relative link leads to a file of the repository', (document) => {
    const broken = relativeLinks(document).flatMap(({ target, path }) => {
      if (path.startsWith('../') || path === '..') return [`${target} (outside the repository)`];
      // A generated folder is checked once generated (npm test writes it before Jest runs); a clean clone has none yet.
      const generatedFolder = generatedFolderOf(path);
      if (generatedFolder !== undefined && !existsSync(join(root, generatedFolder))) return [];
      return existsSync(join(root, path)) ? [] : [`${target} (no ${path})`];
    });
    expect(broken).toEqual([]);
  });

  it.each(KEPT_BY_HAND)('%s: names the generated test paths and covering suite by their command, not by a link', (document) => {
    const intoGenerated = relativeLinks(document)
      .filter(({ path }) => generatedFolderOf(path) !== undefined)
      .map(({ target }) => target);
    expect(intoGenerated).toEqual([]);
  });

  it.each(KEPT_BY_HAND)('%s: cites the architecture in the repository, not the design document kept outside it', (document) => {
    const lines = readFileSync(join(root, document), 'utf8').split('\n');
    const mentions = lines.flatMap((line, index) => (line.includes('DESIGN.md') ? [`line ${index + 1}`] : []));
    expect(mentions).toEqual([]);
  });

  it(`keeps the README within ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync(join(root, 'README.md'), 'utf8').split('\n');
    const count = lines.at(-1) === '' ? lines.length - 1 : lines.length;
    expect(count).toBeLessThanOrEqual(README_MAX_LINES);
  });
});

describe('the tracked files', () => {
  // A folder named `shared` inside the repository (src/views/shared/) is fine: an import of it resolves to one of its files.
  const insideRepository = (file: string, rest: string): boolean => {
    const segment = /^[\w.-]+/.exec(rest)?.[0];
    if (segment === undefined) return false;
    const target = resolve(root, dirname(file), OUTSIDE_FOLDER, segment);
    if (!target.startsWith(`${root}${sep}`)) return false;
    return ['', '.ts', '.tsx', '.js', '.mjs', '.cjs', '.css', '.json'].some((extension) => existsSync(`${target}${extension}`));
  };

  it('never point to the shared folder beside the repository', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
      .split('\0')
      .filter((file) => file !== '' && !file.split('/').includes('node_modules'));
    expect(files.length).toBeGreaterThan(0);
    const offences = files.flatMap((file) => {
      const path = join(root, file);
      // A file staged for deletion or moved away by a change under way is not there to read.
      if (!existsSync(path) || !statSync(path).isFile()) return [];
      const bytes = readFileSync(path);
      // Binary files (images, fonts) are skipped as git does: a NUL byte in their first 8,000 bytes.
      if (bytes.subarray(0, 8000).includes(0)) return [];
      const text = bytes.toString('utf8');
      const found: string[] = [];
      for (let at = text.indexOf(OUTSIDE_FOLDER); at !== -1; at = text.indexOf(OUTSIDE_FOLDER, at + 1)) {
        if (!insideRepository(file, text.slice(at + OUTSIDE_FOLDER.length))) {
          found.push(`${file}:${text.slice(0, at).split('\n').length}`);
        }
      }
      return found;
    });
    expect(offences).toEqual([]);
  });
});
