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
