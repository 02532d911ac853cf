import * as t from 'io-ts';
import { Recurrence } from './recurrence';
import { Id, IsoDate, WallTime, nullable } from './wire';

/** A category of the agenda (SPEC §3): an id and a title are required. */
export const AgendaCategory = t.exact(t.intersection([t.type({ id: Id, title: t.string }), t.partial({ slug: nullable(t.string) })]));
export type AgendaCategory = t.TypeOf<typeof AgendaCategory>;

/** The accessibility of an event's place: each answer may be unknown (missing or null). */
export const PlaceAccessibility = t.exact(
  t.partial({
    step_free: nullable(t.boolean),
    induction_loop: nullable(t.boolean),
    accessible_toilets: nullable(t.boolean),
    note: nullable(t.string),
  }),
);
export type PlaceAccessibility = t.TypeOf<typeof PlaceAccessibility>;

/** Where an event takes place (an extension of SPEC §7, beside the `place` text): a name, its address, WGS 84 coordinates and its accessibility. */
export const EventPlace = t.exact(
  t.intersection([
    t.type({ name: t.string }),
    t.partial({
      street_address: nullable(t.string),
      postcode: nullable(t.string),
      locality: nullable(t.string),
      latitude: nullable(t.number),
      longitude: nullable(t.number),
      accessibility: nullable(PlaceAccessibility),
    }),
  ]),
);
export type EventPlace = t.TypeOf<typeof EventPlace>;

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
      lieu: nullable(EventPlace),
      recurrence: nullable(Recurrence),
      /** A recurring event's first date, where its rule starts (`bel_date` is then the occurrence's day). */
      recurrence_start: nullable(IsoDate),
    }),
  ]),
);
export type AgendaEvent = t.TypeOf<typeof AgendaEvent>;

/** The answer of `GET /api/agenda/{id}/` and of `GET /api/agenda/?…`. */
export const AgendaEventList = t.array(AgendaEvent);

/** The answer of `GET /api/categories/agenda/`. */
export const AgendaCategoryList = t.array(AgendaCategory);
