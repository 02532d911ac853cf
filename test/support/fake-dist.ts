import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/** The hashed script of the stand-in, with its brotli and gzip copies beside it. */
export const FAKE_SCRIPT_PATH = '/main.1a2b3c4d.js';
export const FAKE_SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});\n`;

/** A built file without a hash (as a source map is), also with compressed copies: the static files' plugin serves it. */
export const FAKE_NOTES_PATH = '/notes.txt';
export const FAKE_NOTES = `${'Notes de version. '.repeat(100)}\n`;

/** A folder of built files that no page route serves: the static files' plugin redirects `/guide` to `/guide/`. */
export const FAKE_FOLDER = '/guide';

/** A stand-in for Parcel's output, so a test does not depend on a build; `remove` deletes it. */
export const writeFakeDist = (): { readonly dir: string; readonly remove: () => void } => {
  const dir = mkdtempSync(join(tmpdir(), 'fake-dist-'));
  const page = (widget: string) => `<!doctype html><title>Page</title><main><h1>Titre</h1><div data-widget="${widget}" lang="fr"></div></main>`;
  mkdirSync(join(dir, 'annuaire'));
  mkdirSync(join(dir, 'agenda'));
  mkdirSync(join(dir, FAKE_FOLDER));
  writeFileSync(join(dir, 'index.html'), page('home'));
  writeFileSync(join(dir, 'annuaire', 'index.html'), page('directory'));
  writeFileSync(join(dir, 'agenda', 'index.html'), page('agenda'));
  writeFileSync(join(dir, FAKE_FOLDER, 'index.html'), '<!doctype html><title>Guide</title>');
  for (const [path, text] of [
    [FAKE_SCRIPT_PATH, FAKE_SCRIPT],
    [FAKE_NOTES_PATH, FAKE_NOTES],
  ] as const) {
    writeFileSync(join(dir, path), text);
    writeFileSync(join(dir, `${path}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${path}.gz`), gzipSync(text));
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
};
