// Precompiles the ICU messages of every language to ASTs, so the browser bundle needs no message
// parser; then cuts each catalogue in parts, so a widget's chunk carries its own messages only.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const sources = join(root, 'src/i18n/messages');
const compiled = join(root, 'src/i18n/compiled');
const formatjs = join(root, 'node_modules/.bin/formatjs');
// The widgets whose messages travel with them (by the key's first word), and those only the server
// renders (`server`: error pages, the pages' descriptions), those of the footer, the menu and the pages about the site
// (`shell`: a served page never translates them in the browser); every other message is the entry's (shell, cart, shop).
const PARTS = {
  agenda: ['agenda.'],
  directory: ['directory.'],
  news: ['news.'],
  search: ['search.'],
  home: ['home.'],
  server: ['errors.', 'description.'],
  shell: ['footer.', 'menu.', 'legal.', 'privacy.', 'sitemap.', 'opendata.'],
};

// A file is written only when its text changes: npm test compiles before every run, and a newer file
// would tell the build check and the tests' server compilation that the sources changed.
const writeIfChanged = (path, text) => {
  if (!existsSync(path) || readFileSync(path, 'utf8') !== text) writeFileSync(path, text);
};

mkdirSync(join(compiled, 'parts'), { recursive: true });
const scratch = mkdtempSync(join(tmpdir(), 'messages-'));
for (const file of readdirSync(sources).filter((name) => name.endsWith('.json'))) {
  const language = file.replace(/\.json$/, '');
  execFileSync(formatjs, ['compile', join(sources, file), '--ast', '--format', 'simple', '--out-file', join(scratch, file)], { stdio: 'inherit' });
  const text = readFileSync(join(scratch, file), 'utf8');
  writeIfChanged(join(compiled, file), text);
  const messages = JSON.parse(text);
  const partOf = (key) => Object.keys(PARTS).find((part) => PARTS[part].some((prefix) => key.startsWith(prefix))) ?? 'entry';
  for (const part of ['entry', ...Object.keys(PARTS)]) {
    const own = Object.fromEntries(Object.entries(messages).filter(([key]) => partOf(key) === part));
    writeIfChanged(join(compiled, 'parts', `${language}-${part}.json`), `${JSON.stringify(own)}\n`);
  }
}
rmSync(scratch, { recursive: true, force: true });
