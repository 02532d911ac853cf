import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { isRight } from 'fp-ts/Either';
import { colourRule } from '../../src/domain/site-identity';
import { SiteProfileSettings, type SiteProfile } from '../../src/domain/site-profile';
import { buildApp } from '../../server/http/app';
import type { Database } from '../../server/data/database';
import { contrastRows } from '../../server/profile/colour-contrast';
import { defaultSiteProfile } from '../../server/profile/load-site-profile';
import { checkSiteSettings } from '../../server/profile/site-profile-check';
import { wireArbitrary } from '../support/arbitrary-from-codec';
import { runs } from '../support/fuzz-runs';
import { collapse, DIST, parseHtml } from '../support/rendered-pages';
import { openTestDatabase } from '../support/test-database';

jest.setTimeout(600_000);

// Profiles drawn from site.json's codec: each is refused with field paths (site-profile.property.test.ts
// says how), or it renders the home page, the directory and the agenda in its root language, with its
// drawn words written as text (never as markup) and its colours, whose pairs all meet their ratio.

// Markup-like characters added to every drawn name: a page that wrote them as HTML would show something else.
const MARKUP = ' <i>&"\'</i>';

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
});

afterAll(async () => {
  await db.close();
});

const demo = defaultSiteProfile();
const demoJson = JSON.parse(readFileSync(join(__dirname, '../../profiles/valmont/site.json'), 'utf8')) as Record<string, unknown>;
const FIELDS = Object.keys(SiteProfileSettings.props) as (keyof typeof SiteProfileSettings.props)[];

// A whole site.json drawn (mostly refused: drawn colours seldom contrast), or the demo's with one part drawn (often accepted).
const drawnJson = fc.oneof(
  wireArbitrary(SiteProfileSettings),
  fc.constantFrom(...FIELDS).chain((field) => wireArbitrary(SiteProfileSettings.props[field]).map((value) => ({ ...demoJson, [field]: value }))),
);

describe('a profile drawn from the codec', () => {
  it('is refused, or renders the home page, the directory and the agenda with its words escaped and its colours at their ratio', async () => {
    let rendered = 0;
    await fc.assert(
      fc.asyncProperty(drawnJson, async (json) => {
        const checked = checkSiteSettings(json);
        if (!isRight(checked)) return;
        const drawn = checked.right;
        const { offered, default: root } = drawn.languages;
        const full = Object.fromEntries(offered.map((language) => [language, `${drawn.institution.name.full[language] ?? 'Commune'}${MARKUP}`]));
        const settings = { ...drawn, institution: { ...drawn.institution, name: { ...drawn.institution.name, full: full } } };
        expect(contrastRows(settings.colours).filter((row) => !row.passes)).toEqual([]);
        // The demo's emblem, and its texts in the languages both offer (a text missing is shown as none).
        const profile: SiteProfile = {
          ...demo,
          settings,
          texts: Object.fromEntries(offered.flatMap((language) => (demo.texts[language] ? [[language, demo.texts[language]]] : []))),
        };
        const app = buildApp({ db, distDir: DIST, profile });
        try {
          // The root language's addresses carry no prefix; a section off has no page to render.
          const pages = ['/', ...(settings.sections.directory ? ['/annuaire/'] : []), ...(settings.sections.agenda ? ['/agenda/'] : [])];
          for (const address of pages) {
            const answer = await app.inject({ url: address });
            expect({ address, status: answer.statusCode }).toEqual({ address, status: 200 });
            const document = parseHtml(answer.body);
            expect(document.documentElement.lang).toBe(root);
            // The name is the header's text as drawn, its markup characters included: escaped, not interpreted.
            expect(collapse(document.querySelector('.site-header__name')?.textContent)).toBe(collapse(full[root]));
            expect(document.querySelector('.site-header__name i')).toBeNull();
            expect(answer.body).toContain(colourRule(settings.colours));
          }
          rendered += 1;
        } finally {
          await app.close();
        }
      }),
      { numRuns: runs(25, { fuzzCap: 300 }) },
    );
    // Enough drawn profiles pass the check for the property to say something.
    expect(rendered).toBeGreaterThan(0);
  });
});
