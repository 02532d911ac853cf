import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

// The README and docs/ name the code a reader will look for: "`renderPageDocument`
// (`server/render/page-document.tsx`)". A name that was renamed, moved or removed sends the reader
// to a file where it is not. The rule, for every kept document (fenced code blocks left out):
//   - a file is a code span that is a path of the repository (`src/…`, `server/…`, `test/…`,
//     `scripts/…`, `bench/…`, with an extension); every file a document names exists, unless a
//     command writes it and git ignores it (`bench/results.json`);
//   - a code name is a code span that is an identifier (`fillPage`, `ANSWER_CACHE_CONTROL`), a call
//     (`mountWidget(container, tools)`) or a member (`loaders.directory`, `answerCache(…).serve`);
//   - a code name has a file next to it when files follow it at once, in parentheses that hold
//     only files or after "in" or "from": "`a` (`f`)", "`a` and `b` (`f`, `g`)", "`a`, `b` in `f`". Each part of
//     such a name is then a word of one of those files. The search reads a table row, or a
//     paragraph or list item whole, so a name and its file may stand on two lines.

const root = resolve(__dirname, '../..');

// Written by `npm run paths -- --all` and git-ignored; docs/machines/ by `npm run paths -- --diagrams`.
const GENERATED = ['docs/test-paths', 'docs/test-suite', 'docs/machines'];

const markdownUnder = (dir: string): string[] =>
  readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (GENERATED.includes(path)) return [];
    if (statSync(join(root, path)).isDirectory()) return markdownUnder(path);
    return name.endsWith('.md') ? [path] : [];
  });

const DOCUMENTS = ['README.md', ...markdownUnder('docs')];

const FILE = /^(src|server|test|scripts|bench)\/[\w./-]+\.[a-z]+$/;
const IDENTIFIER = '[A-Za-z_$][\\w$]*';
// A name, then members and calls: `a`, `a.b`, `a(…)`, `a(…).b`, `a.b(x, y)`.
const CODE_NAME = new RegExp(`^(${IDENTIFIER})((?:\\.${IDENTIFIER}|\\([^()]*\\))*)$`);

/** The lines of a document outside fenced code blocks, with their line numbers. */
const proseLines = (text: string): { line: number; text: string }[] => {
  let fence: string | null = null;
  return text.split('\n').flatMap((line, index) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === null && marker !== undefined) {
      fence = marker;
      return [];
    }
    if (fence !== null) {
      if (marker?.startsWith(fence)) fence = null;
      return [{ line: index + 1, text: '' }];
    }
    return [{ line: index + 1, text: line }];
  });
};

interface Unit {
  readonly line: number;
  readonly text: string;
}

/** Table rows one by one; the other text by paragraph or list item, its lines joined. */
const unitsOf = (text: string): Unit[] => {
  const units: Unit[] = [];
  let block: { line: number; parts: string[] } | null = null;
  const close = () => {
    if (block !== null) units.push({ line: block.line, text: block.parts.join(' ') });
    block = null;
  };
  for (const { line, text: raw } of proseLines(text)) {
    const trimmed = raw.trim();
    if (trimmed.startsWith('|')) {
      close();
      units.push({ line, text: trimmed });
    } else if (trimmed === '' || /^(#{1,6}\s|[-*+]\s|\d+\.\s)/.test(trimmed)) {
      close();
      if (trimmed !== '') block = { line, parts: [trimmed] };
    } else if (block === null) {
      block = { line, parts: [trimmed] };
    } else {
      block.parts.push(trimmed);
    }
  }
  close();
  return units;
};

const SPAN = '`[^`]+`';
// Code spans joined by commas, "and" or "or", then their files: in parentheses, or after "in" or "from".
const NAMED_WITH_FILES = new RegExp(
  `((?:${SPAN}(?:,\\s*|\\s+(?:and|or)\\s+))*${SPAN})(?:\\s*\\(((?:${SPAN}(?:,\\s*|\\s+and\\s+)?)+)|\\s+(?:in|from)\\s+(${SPAN}))`,
  'g',
);

/** Each run of code spans with the spans that follow it as its files, as a unit writes them. */
const namesWithFiles = (text: string): { names: string[]; files: string[] }[] =>
  [...text.matchAll(NAMED_WITH_FILES)]
    .map((match) => ({
      names: spansOf(match[1]!),
      files: spansOf(match[2] ?? match[3] ?? ''),
    }))
    // An aside in parentheses that is not only files (`(`CATEGORY_LIST_REGION`, `src/…`)`) says no file of the names before it.
    .filter(({ files }) => files.every((span) => FILE.test(span)));

const spansOf = (text: string): string[] => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]!.trim());

/** The identifiers a code name is made of: `answerCache(…).serve` is `answerCache` and `serve`. */
const partsOf = (span: string): string[] | null => {
  const match = CODE_NAME.exec(span);
  // `dates.ts` is a file's name, not a member.
  if (match === null || /\.(ts|tsx|js|mjs|cjs|json|md|css|html)$/.test(span)) return null;
  const members = match[2]!.replace(/\([^()]*\)/g, '');
  return [match[1]!, ...members.split('.').filter((part) => part !== '')];
};

const words = new Map<string, ReadonlySet<string>>();
const wordsOf = (file: string): ReadonlySet<string> => {
  const known = words.get(file);
  if (known !== undefined) return known;
  const found = new Set(readFileSync(join(root, file), 'utf8').match(/[A-Za-z_$][\w$]*/g) ?? []);
  words.set(file, found);
  return found;
};

// A file that a command writes and git ignores (`bench/results.json`, by `npm run bench`) may be named before it is made.
const writtenByCommand = (path: string): boolean => spawnSync('git', ['check-ignore', '--quiet', path], { cwd: root }).status === 0;

const isFile = (path: string): boolean => existsSync(join(root, path)) && statSync(join(root, path)).isFile();

/** What a document says that the code does not bear out: a file that is not there, a name not in the files next to it. */
const driftIn = (document: string, markdown: string): string[] =>
  unitsOf(markdown).flatMap(({ line, text }) => {
    const missing = spansOf(text).filter((span) => FILE.test(span) && !existsSync(join(root, span)) && !writtenByCommand(span));
    const absent = namesWithFiles(text).flatMap(({ names, files }) => {
      const present = files.filter(isFile);
      if (present.length === 0) return [];
      return names
        .filter((name) => partsOf(name)?.some((part) => !present.some((file) => wordsOf(file).has(part))) === true)
        .map((name) => `\`${name}\` is in none of ${present.map((file) => `\`${file}\``).join(', ')}`);
    });
    return [...missing.map((file) => `\`${file}\` does not exist`), ...absent].map((finding) => `${document}:${line}: ${finding}`);
  });

describe('the rule', () => {
  it('reads a name with the files next to it, in parentheses or after "in" or "from"', () => {
    expect(namesWithFiles('`a` and `b.c(x)` (`src/a.ts`, `src/b.ts`) then `d` in `src/d.ts`, `e` from `src/e.ts`')).toEqual([
      { names: ['a', 'b.c(x)'], files: ['src/a.ts', 'src/b.ts'] },
      { names: ['d'], files: ['src/d.ts'] },
      { names: ['e'], files: ['src/e.ts'] },
    ]);
    expect(namesWithFiles('`contacts`, `categories` (`CATEGORY_LIST_REGION`, `src/machines/category-list-region.ts`)')).toEqual([]);
    expect(partsOf('answerCache(…).serve')).toEqual(['answerCache', 'serve']);
    expect(partsOf('dates.ts')).toBeNull();
  });

  it('finds a name that its file does not hold, and a file that does not exist, on their line', () => {
    const page =
      '# Rendering\n\nThe page is written by\n`fillPage` (`server/render/page-document.tsx`), then by `renderPageDocument` (`server/render/page-document.ts`).\n';
    expect(driftIn('page.md', page)).toEqual([
      'page.md:3: `server/render/page-document.ts` does not exist',
      'page.md:3: `fillPage` is in none of `server/render/page-document.tsx`',
    ]);
    expect(driftIn('page.md', 'Written by `renderPageDocument` (`server/render/page-document.tsx`).')).toEqual([]);
  });
});

// Each widget is the module `src/views/{feature}/{name}-widget.ts(x)` that exports `mountWidget`; `name` is its `data-widget`.
const widgetNames = (): string[] =>
  readdirSync(join(root, 'src/views')).flatMap((feature) => {
    const folder = join(root, 'src/views', feature);
    if (!statSync(folder).isDirectory()) return [];
    return readdirSync(folder).flatMap((file) => {
      const name = /^(.+)-widget\.tsx?$/.exec(file)?.[1];
      return name !== undefined && /export const mountWidget\b/.test(readFileSync(join(folder, file), 'utf8')) ? [name] : [];
    });
  });

describe('the widgets the architecture lists', () => {
  it('are every widget a container can name in `data-widget`, and no other', () => {
    const row = readFileSync(join(root, 'docs/architecture.md'), 'utf8')
      .split('\n')
      .find((line) => line.startsWith('| `data-widget`'));
    expect(row).toBeDefined();
    // The third cell lists the names, in code spans; a note in parentheses would not be one of them.
    const listed = spansOf((row ?? '').split('|')[3]!.replace(/\(.*\)/, ''));
    expect(widgetNames().length).toBeGreaterThanOrEqual(10);
    expect([...listed].sort()).toEqual(widgetNames().sort());
  });
});

describe('the code names of the README and docs/', () => {
  it('reads every kept document, and no generated one', () => {
    expect(DOCUMENTS).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md', 'docs/how-a-feature-is-wired.md', 'docs/operations.md']));
    expect(DOCUMENTS.filter((path) => GENERATED.some((folder) => path.startsWith(`${folder}/`)))).toEqual([]);
  });

  it.each(DOCUMENTS)('%s: each file it names exists, and each code name is in the files next to it', (document) => {
    expect(driftIn(document, readFileSync(join(root, document), 'utf8'))).toEqual([]);
  });
});
