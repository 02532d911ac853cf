import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { siteProfileSchema } from '../../src/domain/site-profile-schema';
import { DEMO_PROFILE_FOLDER, SETTING_EXIT_STATUS } from '../settings';
import { contrastTable } from './colour-contrast';
import { readSiteProfile } from './load-site-profile';
import { refusalText } from './refusal';

// `npm run profile -- check [folder]`: reads and checks a site profile as the server's start does,
// without starting anything, and prints the contrast of its colours; "profile OK" and exit 0, or
// each refusal and exit 2. The folder defaults to SITE_PROFILE's, then to the demo's.
// `npm run profile -- schema` writes the JSON Schema of site.json to docs/, as the server publishes it.

const ROOT = resolve(__dirname, '../..');

/** Where the schema's copy for readers of the repository is kept (test/server/site-profile.test.ts holds it equal to the generated one). */
const SCHEMA_DOCUMENT = join(ROOT, 'docs/site-profile.schema.json');

const USAGE = `Usage: npm run profile -- check [folder]   (default: SITE_PROFILE, else ${DEMO_PROFILE_FOLDER})\n       npm run profile -- schema           (writes docs/site-profile.schema.json)`;

const check = (given: string | undefined): number => {
  const folder = resolve(given ?? (process.env['SITE_PROFILE']?.trim() || DEMO_PROFILE_FOLDER));
  const report = readSiteProfile(folder);
  console.log(`site profile ${folder}`);
  if (report.contrast !== null)
    console.log(`\ncolour pairs (WCAG 2.2 AA: 4.5:1 for text, 3:1 for the focus ring and the bars that mark a state)\n${contrastTable(report.contrast)}\n`);
  if (report.refusals.length === 0) {
    console.log('profile OK');
    return 0;
  }
  for (const refusal of report.refusals) console.error(refusalText(refusal));
  console.error(`profile refused: ${report.refusals.length} ${report.refusals.length === 1 ? 'problem' : 'problems'}`);
  return SETTING_EXIT_STATUS;
};

const [command, folder, ...rest] = process.argv.slice(2);
if (command === 'check' && rest.length === 0) process.exitCode = check(folder);
else if (command === 'schema' && folder === undefined) {
  writeFileSync(SCHEMA_DOCUMENT, `${JSON.stringify(siteProfileSchema(), null, 2)}\n`);
  console.log(`wrote ${SCHEMA_DOCUMENT}`);
} else {
  console.error(USAGE);
  process.exitCode = SETTING_EXIT_STATUS;
}
