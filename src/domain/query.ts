/** A query parameter value: absent, one value, or a list sent as repeated parameters. */
export type QueryValue = string | number | readonly (string | number)[] | null | undefined;

/**
 * The query string of a set of parameters, in the order given: lists become repeated
 * parameters (`categories=3&categories=7`), and `null`, `undefined` and empty lists are left out.
 * Returns `''` or a string that starts with `?`.
 */
export const toQueryString = (params: Readonly<Record<string, QueryValue>>): string => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    const values = Array.isArray(value) ? value : [value as string | number];
    for (const item of values) search.append(name, String(item));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
};
