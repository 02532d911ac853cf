import * as t from 'io-ts';
import { Id, IsoDate, nullable } from './wire';

/** A news category: an id and a title. */
export const NewsCategory = t.exact(t.intersection([t.type({ id: Id, title: t.string }), t.partial({ slug: nullable(t.string) })]));
export type NewsCategory = t.TypeOf<typeof NewsCategory>;

/** A news item: only `id` is required (SPEC §3). */
export const NewsItem = t.exact(
  t.intersection([
    t.type({ id: Id }),
    t.partial({
      // The last part of the item's page address (`/actualites/{slug}/`); older backends send none.
      slug: nullable(t.string),
      title: nullable(t.string),
      date: nullable(IsoDate),
      lead: nullable(t.string),
      image: nullable(t.string),
      image_alt: nullable(t.string),
      link: nullable(t.string),
      categories: nullable(t.array(NewsCategory)),
    }),
  ]),
);
export type NewsItem = t.TypeOf<typeof NewsItem>;

/** One news item with its article (`GET /api/news/{scope}/{slug}/`): `body` is HTML, to sanitize before rendering. */
export const NewsArticle = t.exact(t.intersection([NewsItem.type, t.partial({ body: nullable(t.string) })]));
export type NewsArticle = t.TypeOf<typeof NewsArticle>;

/** The answer of `GET /api/news/{scope}/`. */
export const NewsItemList = t.array(NewsItem);

/** The answer of `GET /api/categories/{scope}/`. */
export const NewsCategoryList = t.array(NewsCategory);

/** The paged answer of `GET /api/news/?categories=…`; the client reads `results` and `next`. */
export const NewsPage = t.exact(
  t.intersection([t.type({ results: NewsItemList }), t.partial({ count: nullable(t.number), next: nullable(t.string), previous: nullable(t.string) })]),
);
export type NewsPage = t.TypeOf<typeof NewsPage>;
