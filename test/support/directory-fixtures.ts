import type { Contact } from '../../src/domain/contact';
import type { HttpFailure } from '../../src/services/http';

/** A deputy, an organisation and a person without role: the shapes a directory page meets. */
export const CONTACTS: readonly Contact[] = [
  {
    id: '1',
    title: 'Hélène Rochat',
    type_contact: 'Personne',
    fonction: 'Députée',
    address: 'Rue du Château 12\n2000 Neuchâtel',
    email: 'helene.rochat@canton.example',
    phone: '+41 32 889 12 34',
    parti: 'PLR',
    commissions: ['Commission des finances'],
    categories: ['Grand Conseil'],
    registre_interets: '<ul><li>Présidente du Club alpin</li></ul><script>alert(1)</script>',
    description: '<p>Élue en 2017.</p><img src="x" onerror="alert(1)">',
    img: '/media/a-240.jpg',
    img_2x: '/media/a-480.jpg',
    img_wp: '/media/a-240.webp',
    img_wp_2x: '/media/a-480.webp',
    copyright: '© Chancellerie',
  },
  {
    id: '2',
    title: 'Service des routes',
    type_contact: 'Organisation',
    fonction: 'Ne doit pas paraître',
    contact_person: 'M. Jérôme Favre',
    address: 'Case postale 3\n2001 Neuchâtel',
    fax: '+41 32 889 00 01',
    website: 'https://routes.canton.example',
    categories: ['Administration'],
  },
  { title: 'Zoé Python', type_contact: 'Personne' },
];

/** The category titles of the dropdown. */
export const CATEGORIES: readonly string[] = ['Administration', 'Grand Conseil', 'Communes'];

/** A failure as the HTTP service reports it. */
export const FAILURE: HttpFailure = { _tag: 'HttpError', url: '/api/contacts/', status: 503 };

/** The page size the model-based tests give the machine, so three contacts already make two steps. */
export const MODEL_PAGE_SIZE = 2;

/** A reference server's first page of two: the first two contacts, with a further page and the count of all. */
export const FIRST_PAGE = { contacts: CONTACTS.slice(0, 2), next: '/api/contacts/?page_size=2&cursor=c1', count: 4 } as const;

/** The further page of `FIRST_PAGE`: the last two contacts, and no page after it. */
export const LAST_PAGE: readonly Contact[] = [CONTACTS[2]!, { id: '4', title: 'Commune de Valmont', type_contact: 'Organisation', categories: ['Communes'] }];

/** A contact beyond every page loaded, which a permalink asks for by itself (`GET /api/contacts/marc-jaquet/`). */
export const DETACHED: Contact = {
  id: '99',
  slug: 'marc-jaquet',
  title: 'Marc Jaquet',
  type_contact: 'Personne',
  fonction: 'Député',
  categories: ['Grand Conseil'],
};

/** A cursor the server no longer knows (the content changed since the first page): 400. */
export const STALE_CURSOR: HttpFailure = { _tag: 'HttpError', url: '/api/contacts/?page_size=2&cursor=c1', status: 400 };

/** A legacy API has no call of one contact. */
export const NO_SUCH_CALL: HttpFailure = { _tag: 'HttpError', url: '/api/contacts/marc-jaquet/', status: 404 };
