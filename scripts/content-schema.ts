// `node_modules/.bin/tsx scripts/content-schema.ts` writes docs/content.schema.json, the JSON Schema of the
// import file as the server publishes it (server/content-api/content-schema.ts); test/server/content-schema.test.ts
// holds the copy equal to the generated one, so run this after changing a codec of server/data/content.ts.
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { contentSchemaText } from '../server/content-api/content-schema';

const target = join(resolve(__dirname, '..'), 'docs/content.schema.json');
writeFileSync(target, contentSchemaText());
console.log(`wrote ${target}`);
