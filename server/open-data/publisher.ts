import { isEmailAddress } from '../../src/domain/order-mail';
import type { SiteProfileSettings } from '../../src/domain/site-profile';

/** Who publishes the open data: named in the catalogue's `dct:publisher`, `dcat:contactPoint` and identifiers. */
export interface Publisher {
  /** The organisation's name (`openData.publisher.name`, or `PUBLISHER_NAME`). */
  readonly name: string;
  /** Where questions about the data go (`openData.publisher.email`, or `PUBLISHER_EMAIL`). */
  readonly email: string;
  /** The organisation's slug on opendata.swiss, the part after `@` of every dataset's identifier (`openData.publisher.id`, or `PUBLISHER_ID`). */
  readonly id: string;
}

/** `PUBLISHER_NAME`, `PUBLISHER_EMAIL` and `PUBLISHER_ID`: each one set overrides the profile's field of the same name. */
export type PublisherOverrides = Partial<Publisher>;

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,98}[a-z0-9])?$/;
// A name is one line of text: no control characters, no line or paragraph separator (U+2028,
// U+2029, which end a line in JavaScript and some readers), no invisible format character (bidi
// overrides that reorder what follows), and a sensible length.
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}\p{Cf}]/u;

/** `PUBLISHER_NAME`, `PUBLISHER_EMAIL` and `PUBLISHER_ID` as the server reads them: unset or empty is no override; a bad one throws, naming its variable. */
export const parsePublisher = (env: Readonly<Record<string, string | undefined>>): PublisherOverrides => {
  const name = (env['PUBLISHER_NAME'] ?? '').trim();
  if (name.length > 200 || CONTROL.test(name))
    throw new Error('PUBLISHER_NAME must be one line of at most 200 characters, without control, line-separator or invisible format characters');
  const email = (env['PUBLISHER_EMAIL'] ?? '').trim();
  if (email !== '' && !isEmailAddress(email)) throw new Error(`PUBLISHER_EMAIL must be one e-mail address such as opendata@canton.example (got "${email}")`);
  const id = (env['PUBLISHER_ID'] ?? '').trim();
  if (id !== '' && !SLUG.test(id)) throw new Error(`PUBLISHER_ID must be a slug of lower-case letters, digits and dashes such as ville-de-montclair (got "${id}")`);
  return { ...(name === '' ? {} : { name }), ...(email === '' ? {} : { email }), ...(id === '' ? {} : { id }) };
};

/** The catalogue's publisher: the profile's `openData.publisher`, each field `overrides` sets taking its place. */
export const publisherOf = (settings: Pick<SiteProfileSettings, 'openData'>, overrides: PublisherOverrides = {}): Publisher => ({
  name: overrides.name ?? settings.openData.publisher.name,
  email: overrides.email ?? settings.openData.publisher.email,
  id: overrides.id ?? settings.openData.publisher.id,
});
