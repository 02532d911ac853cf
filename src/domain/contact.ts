import * as t from 'io-ts';
import { Id, nullable } from './wire';

/** The `type_contact` value that marks a person (SPEC §3); anything else is an organisation. */
export const PERSON = 'Personne';

/** A contact of the directory (SPEC §3). Only `title` is required; a contact has no required id. */
export const Contact = t.exact(
  t.intersection([
    t.type({ title: t.string }),
    t.partial({
      id: nullable(Id),
      // The last part of the contact's page address (`/annuaire/{slug}/`); older backends send none.
      slug: nullable(t.string),
      type_contact: nullable(t.string),
      fonction: nullable(t.string),
      contact_person: nullable(t.string),
      address: nullable(t.string),
      email: nullable(t.string),
      phone: nullable(t.string),
      fax: nullable(t.string),
      website: nullable(t.string),
      description: nullable(t.string),
      registre_interets: nullable(t.string),
      parti: nullable(t.string),
      commissions: nullable(t.array(t.string)),
      categories: nullable(t.array(t.string)),
      image: nullable(t.string),
      img: nullable(t.string),
      img_2x: nullable(t.string),
      img_wp: nullable(t.string),
      img_wp_2x: nullable(t.string),
      copyright: nullable(t.string),
    }),
  ]),
);
export type Contact = t.TypeOf<typeof Contact>;

/** A contact category: the directory reads its title only. */
export const ContactCategory = t.exact(t.intersection([t.type({ title: t.string }), t.partial({ id: nullable(Id) })]));
export type ContactCategory = t.TypeOf<typeof ContactCategory>;

/** The answer of `GET /api/contacts/` with or without `title` and `category`. */
export const ContactList = t.array(Contact);

/** The answer of `GET /api/categories/contacts/`. */
export const ContactCategoryList = t.array(ContactCategory);
