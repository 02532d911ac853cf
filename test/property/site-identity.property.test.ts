import fc from 'fast-check';
import { LANGUAGES } from '../../src/domain/language';
import { colourRule, COLOUR_PROPERTIES, siteIdentity, webAppManifest } from '../../src/domain/site-identity';
import { Colours, SiteProfileSettings, type ColourToken } from '../../src/domain/site-profile';
import { decodedArbitrary } from '../support/arbitrary-from-codec';

// What a page says of the institution is the profile's, whatever the profile: its words in the page's
// language or, for a language it does not offer, its default language's; its colours, each once.

const TOKENS = Object.keys(COLOUR_PROPERTIES) as ColourToken[];

describe('siteIdentity', () => {
  it("names the institution in the page's language when the profile says it, else in its default language", () => {
    fc.assert(
      fc.property(decodedArbitrary(SiteProfileSettings), fc.constantFrom(...LANGUAGES), (settings, language) => {
        const identity = siteIdentity({ settings }, language);
        const fallback = settings.languages.default;
        const expected = (words: Partial<Record<string, string>>): string | undefined => words[language] ?? words[fallback];
        const full = expected(settings.institution.name.full);
        if (full !== undefined) expect(identity.name).toBe(full);
        const office = expected(settings.institution.office);
        if (office !== undefined) expect(identity.office).toBe(office);
        expect(identity.postalAddress).toEqual(settings.contact.postalAddress);
        expect(identity.phone).toEqual(settings.contact.phone);
        expect(identity.email).toBe(settings.contact.email.general);
      }),
    );
  });
});

describe('colourRule', () => {
  it('sets each colour token once, as its custom property, in one :root rule that holds nothing else', () => {
    fc.assert(
      fc.property(decodedArbitrary(Colours), (colours) => {
        const rule = colourRule(colours);
        const body = /^:root\{([^{}]*)\}$/.exec(rule)?.[1];
        expect(body).toBeDefined();
        const declarations = (body ?? '').split(';').map((declaration) => declaration.split(':'));
        expect(declarations.map(([property]) => property)).toEqual(TOKENS.map((token) => COLOUR_PROPERTIES[token]));
        expect(declarations.map(([, value]) => value)).toEqual(TOKENS.map((token) => colours[token].toLowerCase()));
      }),
    );
  });
});

describe('webAppManifest', () => {
  it("names the institution in the profile's default language, with its brand and background colours", () => {
    fc.assert(
      fc.property(decodedArbitrary(SiteProfileSettings), (settings) => {
        const manifest = webAppManifest({ settings });
        const identity = siteIdentity({ settings }, settings.languages.default);
        expect(manifest).toMatchObject({
          name: identity.name,
          short_name: identity.shortName,
          lang: settings.languages.default,
          theme_color: settings.colours.brand.toLowerCase(),
          background_color: settings.colours.background.toLowerCase(),
        });
      }),
    );
  });
});
