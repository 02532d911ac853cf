import * as t from 'io-ts';
import { Id, IsoDate, nullable } from './wire';

/** A news category: an id and a title. */
export const NewsCategory = t.exact(
  t.intersection([t.type({ id: Id, title: t.string }), t.partial({ slug: nullable(t.string) })]),
);
export type NewsCategory = t.TypeOf<typeof NewsCategory>;

/** A news item: only `id` is required (SPEC §3). */
export const NewsItem = t.exact(
  t.intersection([
    t.type({ id: Id }),
    t.partial({
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

/** The answer of `GET /api/news/{scope}/`. */
export const NewsItemList = t.array(NewsItem);

/** The answer of `GET /api/categories/{scope}/`. */
export const NewsCategoryList = t.array(NewsCategory);

/** The paged answer of `GET /api/news/?categories=…`; the client reads `results` and `next`. */
export const NewsPage = t.exact(
  t.intersection([
    t.type({ results: NewsItemList }),
    t.partial({ count: nullable(t.number), next: nullable(t.string), previous: nullable(t.string) }),
  ]),
);
export type NewsPage = t.TypeOf<typeof NewsPage>;
