/**
 * The agenda's count (docs/requirements.md, "Agenda"): the total the API reports for the list,
 * and how many of them are shown. The API counts the upcoming events of the filters in force
 * (`count`), and the past ones once a past page is asked for; a backend that sends the whole
 * list at once is counted from that list.
 */

/** What the count sentence says: the total, and how many are shown when fewer are. */
export interface AgendaCount {
  readonly total: number;
  /** How many are shown, when fewer than the total; `null` when every event is shown. */
  readonly shown: number | null;
}

/** The totals the API reported: `null` where it said nothing (a backend without `count`). */
export interface AgendaTotals {
  readonly upcoming: number | null;
  readonly past: number | null;
  /** Whether past events are part of the list (a past page was shown). */
  readonly withPast: boolean;
}

/**
 * The count of a list showing `shown` events: the total the API reports, never fewer than those
 * shown (the content may have grown since the count); only the number shown when the API gives
 * no total for what the list holds.
 */
export const agendaCount = (totals: AgendaTotals, shown: number): AgendaCount => {
  const reported = totals.withPast ? (totals.upcoming === null || totals.past === null ? null : totals.upcoming + totals.past) : totals.upcoming;
  const total = reported === null ? shown : Math.max(reported, shown);
  return { total, shown: shown < total ? shown : null };
};
