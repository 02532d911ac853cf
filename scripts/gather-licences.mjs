// `npm run build` runs it last (scripts/build.mjs): the licences of everything the site ships, into
// dist/licences.txt (served at /licences.txt, linked from the legal notice) and dist/licences.json
// (what the licence test reads). "Shipped" is two sets of packages:
// - the browser's: every package a source map of dist/ names, that is every package Parcel bundled;
// - the server's: the production dependency tree, which build/server/*.cjs requires at run time
//   (esbuild leaves every package outside the bundle: scripts/build-server.mjs).
// license-checker-rseidelsohn reads each package's licence id and licence file.
import { createRequire } from 'node:module';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

const require = createRequire(import.meta.url);
const checker = require('license-checker-rseidelsohn');
const init = promisify(checker.init);

const root = new URL('..', import.meta.url).pathname;

/** The files, by name, that the gathered licences are written to in the built site. */
export const LICENCE_FILES = { text: 'licences.txt', json: 'licences.json' };

const NODE_MODULES = 'node_modules/';

// The folder of the package a file of node_modules belongs to (the innermost one, for a nested
// copy), or null when the path names no package folder that exists.
const packageFolderOf = (path) => {
  const at = path.lastIndexOf(NODE_MODULES);
  if (at < 0) return null;
  const parts = path.slice(at + NODE_MODULES.length).split('/');
  const name = parts[0]?.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  const folder = join(root, path.slice(0, at + NODE_MODULES.length), name ?? '');
  return existsSync(join(folder, 'package.json')) ? folder : null;
};

const filesUnder = (folder) =>
  readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));

/**
 * The packages whose code dist/ holds, as `name@version`. A package that was bundled with its own
 * source map can leave sources its map names by their TypeScript file alone
 * (`node_modules/@formatjs/create-intl.ts`): such a file is the package's that publishes it compiled
 * (`create-intl.js`); a source that no bundled package publishes is an error, never skipped.
 */
const browserPackages = (distDir) => {
  const folders = new Set();
  const unplaced = new Set();
  for (const map of readdirSync(distDir).filter((name) => name.endsWith('.js.map'))) {
    const { sources } = JSON.parse(readFileSync(join(distDir, map), 'utf8'));
    for (const source of sources) {
      if (!source.includes(NODE_MODULES)) continue;
      const folder = packageFolderOf(source);
      // Parcel's runtime names files of its package that it generates (`runtime-<hash>.js`): the folder is what counts.
      if (folder !== null) folders.add(folder);
      else unplaced.add(source);
    }
  }
  // Each unplaced source's file name among the files the packages found publish, and the sources their own maps name.
  const published = new Set();
  const stem = (file) => basename(file).replace(/\.(d\.)?(c|m)?(js|ts|tsx)$/, '');
  for (const folder of folders)
    for (const file of filesUnder(folder)) {
      published.add(stem(file));
      if (file.endsWith('.js.map')) for (const source of JSON.parse(readFileSync(file, 'utf8')).sources ?? []) published.add(stem(source));
    }
  for (const source of unplaced) {
    if (!published.has(stem(source))) throw new Error(`gather-licences: ${source}, bundled in dist/, belongs to no package found`);
  }
  return [...folders].map((folder) => {
    const { name, version } = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
    return `${name}@${version}`;
  });
};

// A licence file, not a README the checker fell back on.
const LICENCE_FILE = /^(licen[cs]e|copying|notice)([.-].*)?$/i;

// A README's section on its licence ("## Licensing", "# License"), up to the next heading of its level or above.
const readmeLicenceSection = (folder) => {
  const readme = readdirSync(folder).find((name) => /^readme(\.md)?$/i.test(name));
  if (readme === undefined) return null;
  const lines = readFileSync(join(folder, readme), 'utf8').split('\n');
  const start = lines.findIndex((line) => /^#{1,3}\s+licen[cs]/i.test(line));
  if (start < 0) return null;
  const level = /^#+/.exec(lines[start] ?? '')?.[0].length ?? 1;
  const end = lines.findIndex((line, index) => index > start && new RegExp(`^#{1,${level}}\\s`).test(line));
  return lines
    .slice(start, end < 0 ? undefined : end)
    .join('\n')
    .trim();
};

const described = (id, info, shippedIn) => {
  const file = info.licenseFile !== undefined && LICENCE_FILE.test(basename(info.licenseFile)) ? info.licenseFile : null;
  const at = id.lastIndexOf('@');
  // Without a licence file, the README's section on the licence (libvips lists its libraries' there), if it has one.
  const section = file === null && info.path !== undefined ? readmeLicenceSection(info.path) : null;
  return {
    name: id.slice(0, at),
    version: id.slice(at + 1),
    licence: Array.isArray(info.licenses) ? info.licenses.join(' AND ') : (info.licenses ?? 'UNKNOWN'),
    shippedIn,
    licenceFile: file === null ? null : relative(root, file),
    text: file === null ? section : readFileSync(file, 'utf8').trim(),
  };
};

const FORMAT = { name: '', version: '', licenses: '', licenseFile: '', path: '' };

/** Gathers the licences of what `distDir` and the server ship, and writes them into `distDir`; resolves with the packages. */
export const gatherLicences = async (distDir = join(root, 'dist')) => {
  const own = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).name;
  const browser = browserPackages(distDir);
  const [server, bundled] = await Promise.all([
    init({ start: root, production: true, customFormat: FORMAT }),
    init({ start: root, packages: browser.join(';'), customFormat: FORMAT }),
  ]);
  const ids = [...new Set([...browser, ...Object.keys(server)])].filter((id) => !id.startsWith(`${own}@`)).sort();
  const packages = ids.map((id) => {
    const shippedIn = [...(browser.includes(id) ? ['browser'] : []), ...(id in server ? ['server'] : [])];
    const info = server[id] ?? bundled[id];
    if (info === undefined) throw new Error(`gather-licences: ${id} is shipped but not installed`);
    return described(id, info, shippedIn);
  });
  const rule = '-'.repeat(72);
  const text = [
    'Licences of the software this site ships',
    '',
    'The site is free software under the MIT licence. It ships the packages below: in the browser',
    '(the pages’ scripts) or on the server. Each is listed with its version, its licence and the',
    'licence text it is published with.',
    '',
    ...packages.flatMap((item) => [
      rule,
      `${item.name} ${item.version}`,
      `Licence: ${item.licence}`,
      `Shipped in: ${item.shippedIn.join(', ')}`,
      '',
      item.text ?? `(The package ships no licence file: its package.json names the licence ${item.licence}.)`,
      '',
    ]),
  ].join('\n');
  writeFileSync(join(distDir, LICENCE_FILES.text), text);
  // Served like the other built files, with the compressed copies a browser asks for (Parcel's are made before this runs).
  writeFileSync(join(distDir, `${LICENCE_FILES.text}.br`), brotliCompressSync(text, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(join(distDir, `${LICENCE_FILES.text}.gz`), gzipSync(text, { level: 9 }));
  writeFileSync(join(distDir, LICENCE_FILES.json), `${JSON.stringify(packages, null, 2)}\n`);
  return packages;
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const packages = await gatherLicences();
  console.log(`gather-licences: ${packages.length} packages into dist/${LICENCE_FILES.text}`);
}
