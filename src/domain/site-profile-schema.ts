import { jsonSchemaOfCodec, type JsonSchema } from './json-schema-of-codec';
import { SiteProfileSettings } from './site-profile';

/** Where the server publishes the schema of a site profile's `site.json`. */
export const SITE_PROFILE_SCHEMA_PATH = '/api/site-profile.schema.json';

/**
 * The JSON Schema (draft 2020-12) of `site.json`, generated from the codec that decodes it at
 * start: an editor that reads it completes and checks the file as the server will. What the
 * schema cannot say (a default language that is offered, contrasting colours, at least one
 * section on) the server checks after decoding, and docs/site-profile.md says.
 */
export const siteProfileSchema = (): JsonSchema => ({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'Site profile (site.json)',
  description:
    'The settings of a site profile: the institution, its languages, sections, colours, contact, open data and identifiers. ' +
    'The server also refuses a default language that is not offered, a name missing in an offered language, colours that do not contrast (WCAG 2.2 AA) and a profile with every section off.',
  ...jsonSchemaOfCodec(SiteProfileSettings),
});
