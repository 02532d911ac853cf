import type { SiteSearchAnswer } from '../../src/domain/site-search';
import type { HttpFailure } from '../../src/services/http';

/** An answer with a result of each kind: a deputy found by her register, an event, a news item. */
export const HITS: SiteSearchAnswer = {
  query: 'hel',
  groups: [
    {
      kind: 'contacts',
      count: 12,
      results: [
        {
          title: 'Hélène Rochat',
          path: '/annuaire/helene-rochat/',
          match: 'interests',
          excerpt: 'Membre du conseil d’administration de la Banque cantonale',
          role: 'Députée',
          party: 'PLR',
        },
      ],
    },
    {
      kind: 'events',
      count: 1,
      results: [
        {
          title: 'Lecture publique avec Hélène Crettenand',
          path: '/agenda/16-lecture-publique-avec-helene-crettenand/',
          match: 'title',
          date: '2026-12-03',
          upcoming: true,
          start_time: '18:30',
          place: 'Archives cantonales, Fribourg',
        },
      ],
    },
    {
      kind: 'news',
      count: 1,
      results: [{ title: 'Hélène Zufferey élue présidente du Grand Conseil', path: '/actualites/helene-zufferey-elue/', match: 'title', date: '2026-05-12' }],
    },
  ],
};

/** An answer where nothing matches. */
export const NONE: SiteSearchAnswer = {
  query: 'zoe',
  groups: [
    { kind: 'contacts', count: 0, results: [] },
    { kind: 'events', count: 0, results: [] },
    { kind: 'news', count: 0, results: [] },
  ],
};

/** A search call that failed. */
export const SEARCH_FAILURE: HttpFailure = { _tag: 'HttpError', url: '/api/search/?q=hel&limit=5', status: 503 };
