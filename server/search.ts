/**
 * The form in which names and titles are stored and searched: lower case, NFD,
 * combining marks dropped. Computed here rather than with `unaccent`, so PGlite and
 * PostgreSQL compare exactly the same strings.
 */
// Lower case first: some capitals (İ) lower-case into a letter plus a combining mark.
export const normalizeSearch = (value: string): string =>
  value.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
