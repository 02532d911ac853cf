import { isEmailAddress } from '../../src/domain/order-mail';

/** Who publishes the open data: named in the catalogue's `dct:publisher`, `dcat:contactPoint` and identifiers. */
export interface Publisher {
  /** PUBLISHER_NAME: the organisation's name. */
  readonly name: string;
  /** PUBLISHER_EMAIL: where questions about the data go. */
  readonly email: string;
  /** PUBLISHER_ID: the organisation's slug on opendata.swiss, the part after `@` of every dataset's identifier. */
  readonly id: string;
}

/** The demo's publisher (src/views/site-info/institution.ts names the same office). */
export const DEFAULT_PUBLISHER: Publisher = {
  name: "Chancellerie d'État du Canton de Valmont",
  email: 'chancellerie@canton.example',
  id: 'canton-de-valmont',
};

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,98}[a-z0-9])?$/;
// A name is one line of text: no control characters, no line or paragraph separator (U+2028,
// U+2029, which end a line in JavaScript and some readers), no invisible format character (bidi
// overrides that reorder what follows), and a sensible length.
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}\p{Cf}]/u;

/** `PUBLISHER_NAME`, `PUBLISHER_EMAIL` and `PUBLISHER_ID` as the server reads them: unset or empty is the demo's value; a bad one throws, naming its variable. */
export const parsePublisher = (env: Readonly<Record<string, string | undefined>>): Publisher => {
  const name = (env['PUBLISHER_NAME'] ?? '').trim() || DEFAULT_PUBLISHER.name;
  if (name.length > 200 || CONTROL.test(name))
    throw new Error('PUBLISHER_NAME must be one line of at most 200 characters, without control, line-separator or invisible format characters');
  const email = (env['PUBLISHER_EMAIL'] ?? '').trim() || DEFAULT_PUBLISHER.email;
  if (!isEmailAddress(email)) throw new Error(`PUBLISHER_EMAIL must be one e-mail address such as opendata@canton.example (got "${email}")`);
  const id = (env['PUBLISHER_ID'] ?? '').trim() || DEFAULT_PUBLISHER.id;
  if (!SLUG.test(id)) throw new Error(`PUBLISHER_ID must be a slug of lower-case letters, digits and dashes such as canton-de-valmont (got "${id}")`);
  return { name, email, id };
};
