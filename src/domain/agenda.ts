import * as t from 'io-ts';
import { Id, IsoDate, WallTime, nullable } from './wire';

/** A category of the agenda (SPEC §3): an id and a title are required. */
export const AgendaCategory = t.exact(t.intersection([t.type({ id: Id, title: t.string }), t.partial({ slug: nullable(t.string) })]));
export type AgendaCategory = t.TypeOf<typeof AgendaCategory>;

/** An agenda event: `id`, `bel_date` and `title` are required, the rest may be missing or null. */
export const AgendaEvent = t.exact(
  t.intersection([
    t.type({ id: Id, bel_date: IsoDate, title: t.string }),
    t.partial({
      end_date: nullable(IsoDate),
      start_time: nullable(WallTime),
      end_time: nullable(WallTime),
      place: nullable(t.string),
      description: nullable(t.string),
      categories: nullable(t.array(AgendaCategory)),
      link: nullable(t.string),
    }),
  ]),
);
export type AgendaEvent = t.TypeOf<typeof AgendaEvent>;

/** The answer of `GET /api/agenda/{id}/` and of `GET /api/agenda/?…`. */
export const AgendaEventList = t.array(AgendaEvent);

/** The answer of `GET /api/categories/agenda/`. */
export const AgendaCategoryList = t.array(AgendaCategory);
