import type { NewsCategory, NewsItem } from '../../src/domain/news';
import type { HttpFailure } from '../../src/services/http';

/** The categories of the `actualites` scope, as the demo has them. */
export const NEWS_CATEGORIES: readonly NewsCategory[] = [
  { id: '1', title: 'Politique', slug: 'politique' },
  { id: '2', title: 'Économie', slug: 'economie' },
  { id: '3', title: 'Santé', slug: 'sante' },
];

const item = (id: string, title: string, date: string, categories: readonly NewsCategory[], extra: Partial<NewsItem> = {}): NewsItem => ({
  id,
  title,
  date,
  lead: `${title} : ce qu’il faut savoir.`,
  image: `/media/v1/emblem-0${id}-480.jpg`,
  image_alt: `Écusson partagé verticalement, bleu à gauche et vert à droite, avec une étoile blanche au centre (${id})`,
  link: `https://www.canton.example/actualites/${id}/`,
  categories: [...categories],
  ...extra,
});

const [politique, economie, sante] = NEWS_CATEGORIES as [NewsCategory, NewsCategory, NewsCategory];

/** A first answer: three items, one of them without alt text. */
export const NEWS: readonly NewsItem[] = [
  item('1', 'Le Conseil d’État présente son budget', '2026-06-24', [politique, economie]),
  item('2', 'Nouvelle stratégie cantonale pour le climat', '2026-06-20', [politique], { image_alt: null }),
  item('3', 'La vaccination contre la grippe est ouverte', '2026-05-02', [sante]),
];

/** A further page: one item already listed (id 3), then two new ones. */
export const MORE_NEWS: readonly NewsItem[] = [
  NEWS[2]!,
  item('4', 'Réforme de la péréquation financière', '2026-04-30', [economie]),
  item('5', 'Élection complémentaire au Conseil d’État', '2026-04-12', [politique]),
];

/** The `next` of a filtered answer, as the service gives it (a path relative to the API base). */
export const NEXT_PAGE = '/api/news/?categories=1&page=2';

/** A failure as the HTTP service reports it. */
export const NEWS_FAILURE: HttpFailure = { _tag: 'HttpError', url: '/api/news/actualites/', status: 503 };

/** The page size the model-based tests give the machine, so three items already make two steps. */
export const MODEL_PAGE_SIZE = 2;

/** A cursor the server no longer knows (the content changed since the first page): 400. */
export const STALE_CURSOR: HttpFailure = { _tag: 'HttpError', url: NEXT_PAGE, status: 400 };
