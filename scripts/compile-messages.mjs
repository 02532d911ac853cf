// Precompiles the ICU messages of every language to ASTs, so the browser bundle needs no message parser.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const sources = join(root, 'src/i18n/messages');
const formatjs = join(root, 'node_modules/.bin/formatjs');
for (const file of readdirSync(sources).filter((name) => name.endsWith('.json'))) {
  execFileSync(formatjs, ['compile', join(sources, file), '--ast', '--format', 'simple', '--out-file', join(root, 'src/i18n/compiled', file)], { stdio: 'inherit' });
}
