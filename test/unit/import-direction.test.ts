import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// Imports run one way: views → machines → services → domain (i18n may read the domain); the server
// reads the domain only, except its renderer, which runs the widgets' render entries (docs/architecture.md,
// section "Rendering"). Within the server, storage (data/) reads no other folder, the caches read storage,
// and the production entry (server/main.ts) never reaches the seed and its generators (operations/). The
// settings (server/settings.ts) belong to the entries: the server's and the seed's command read them before any database,
// and the site profile (profile/) with them; the app reads the demo's profile when it is built without one. What runs
// the site as a service (service/: health, request logs, /metrics) sits beside the HTTP layer that registers it. The
// figures and the log (telemetry/) are the lowest server layer: every other may count or log there, and it reads none. Backups
// (backup/) read storage and the settings; the server entry opens their socket. The content API (content-api/) sits beside
// the HTTP layer that registers its routes, and the server entry serves its commands on that socket.
const root = resolve(__dirname, '../..');
const allowed: Readonly<Record<string, readonly string[]>> = {
  'server/render': ['server/render', 'server/http', 'server/cache', 'server/data', 'server/telemetry', 'src/domain', 'src/views', 'src/services', 'src/i18n'],
  'server/http': [
    'server/http',
    'server/content-api',
    'server/render',
    'server/cache',
    'server/data',
    'server/open-data',
    'server/profile',
    'server/service',
    'server/telemetry',
    'src/domain',
  ],
  'server/service': ['server/service', 'server/http', 'server/cache', 'server/data', 'server/telemetry', 'src/domain'],
  'server/open-data': ['server/open-data', 'server/http', 'server/render', 'server/cache', 'server/data', 'server/telemetry', 'src/domain'],
  'server/cache': ['server/cache', 'server/data', 'server/telemetry', 'src/domain'],
  'server/data': ['server/data', 'server/telemetry', 'src/domain'],
  'server/telemetry': ['server/telemetry'],
  'server/operations': ['server/operations', 'server/content-api', 'server/data', 'server/profile', 'server/telemetry', 'src/domain', 'server'],
  // The content API (tokens, one item written at a time, the merge import) reads storage and the caches' versions; the socket of backups carries its commands.
  'server/content-api': ['server/content-api', 'server/backup', 'server/cache', 'server/data', 'server/telemetry', 'src/domain', 'server'],
  'server/profile': ['server/profile', 'src/domain', 'server'],
  'server/backup': ['server/backup', 'server/data', 'server'],
  'src/domain': ['src/domain'],
  'src/i18n': ['src/i18n', 'src/domain'],
  'src/services': ['src/services', 'src/domain'],
  'src/machines': ['src/machines', 'src/services', 'src/domain', 'src/i18n'],
  'src/views': ['src/views', 'src/machines', 'src/services', 'src/domain', 'src/i18n'],
  server: [
    'server',
    'server/content-api',
    'server/http',
    'server/render',
    'server/cache',
    'server/data',
    'server/open-data',
    'server/profile',
    'server/service',
    'server/telemetry',
    'server/backup',
    'src/domain',
  ],
};
const forbiddenPackages: Readonly<Record<string, readonly string[]>> = {
  'src/domain': ['react', 'react-dom', 'xstate', '@xstate/react', 'rxjs'],
  'src/services': ['react', 'react-dom', '@xstate/react'],
  'src/machines': ['react', 'react-dom', '@xstate/react'],
};

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });

const importsOf = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(/(?:import|export)[^'";]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm)].map(
    (match) => (match[1] ?? match[2] ?? match[3])!,
  );

// A path outside every layer (src/main.ts, node_modules) belongs to none: an import of it is not checked here.
const layerOf = (path: string): string | undefined =>
  Object.keys(allowed).find((layer) => path === layer || path.startsWith(`${layer}/`)) ?? (path.startsWith('src/') ? path : undefined);

describe('import direction', () => {
  it.each(Object.keys(allowed))('keeps %s to the layers it may use', (layer) => {
    // A folder that is a layer of its own (server/render) is checked as that layer; `server` is then server/main.ts.
    const files = sourceFiles(join(root, layer)).filter((file) => layerOf(relative(root, file)) === layer);
    const offences = files.flatMap((file) =>
      importsOf(file).flatMap((specifier) => {
        if (specifier.startsWith('.')) {
          const target = relative(root, resolve(dirname(file), specifier));
          const targetLayer = layerOf(target);
          return targetLayer === undefined || allowed[layer]!.includes(targetLayer) ? [] : [`${relative(root, file)} → ${target}`];
        }
        const banned = forbiddenPackages[layer] ?? [];
        return banned.some((name) => specifier === name || specifier.startsWith(`${name}/`)) ? [`${relative(root, file)} → ${specifier}`] : [];
      }),
    );
    expect(offences).toEqual([]);
  });
});
