import { encodeFeedToken, type FeedFilters } from './feed-token';

/**
 * The addresses of the reference server's feeds: the agenda's calendar
 * (`/flux/agenda/{agendaId}.ics`, `/flux/agenda/{agendaId}/{token}.ics`) and the news' Atom feed
 * (`/flux/actualites/{scope}.atom`, `/flux/actualites/{scope}/{token}.atom`). The server reads
 * what the widgets write here.
 */

/** Where every feed address starts. */
export const FEED_ROOT = '/flux';

const AGENDA_ID = /^[1-9]\d{0,9}$/;

/** A news scope as the API names one (`query-schemas.ts`, `slugSchema`). */
export const FEED_SCOPE = /^[a-z0-9][a-z0-9-]{0,63}$/;

/**
 * What a calendar subscription follows of the agenda's filters (`AgendaFilters`): the categories
 * and the title, set when neither null nor empty (SPEC §5); not the month or a quick range, which
 * a calendar that grows with time has no use for. Typed by shape, so the news' bundle, which
 * builds its feed's address here too, carries nothing of the agenda.
 */
export const feedFiltersOf = (filters: { readonly categories: readonly string[]; readonly title: string | null }): FeedFilters => ({
  categories: filters.categories,
  title: filters.title === null || filters.title === '' ? null : filters.title,
});

/** The path of the calendar feed of an agenda and filters, or `null` when they have none (an id or filters the reference server cannot name). */
export const agendaFeedPath = (agendaId: string, filters: FeedFilters): string | null => {
  const token = encodeFeedToken(filters);
  if (!AGENDA_ID.test(agendaId) || !token.ok) return null;
  return token.token === '' ? `${FEED_ROOT}/agenda/${agendaId}.ics` : `${FEED_ROOT}/agenda/${agendaId}/${token.token}.ics`;
};

/** The path of the Atom feed of a news scope and a category selection, or `null` when they have none. */
export const newsFeedPath = (scope: string, categories: readonly string[]): string | null => {
  const token = encodeFeedToken({ categories, title: null });
  if (!FEED_SCOPE.test(scope) || !token.ok) return null;
  return token.token === '' ? `${FEED_ROOT}/actualites/${scope}.atom` : `${FEED_ROOT}/actualites/${scope}/${token.token}.atom`;
};

/** A calendar feed's two addresses: `https://…` to paste into a calendar, `webcal://…` that opens the calendar application. */
export interface CalendarAddresses {
  readonly https: string;
  readonly webcal: string;
}

/** The absolute addresses of a feed path on a site (`origin`: `https://www.example.ch`). */
export const calendarAddresses = (origin: string, path: string): CalendarAddresses => {
  const https = `${origin.replace(/\/+$/, '')}${path}`;
  // webcal: names the same resource; calendar applications fetch it over HTTP(S) and subscribe.
  return { https, webcal: https.replace(/^https?:/i, 'webcal:') };
};
