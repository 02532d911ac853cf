/**
 * The filter forms work without script: a category toggle is a submit button
 * `name="basculer" value={id}` in a `<form method="get">` that also holds the current
 * selection as hidden inputs. The browser then asks for `?categorie=1&basculer=3`; the server
 * answers with a redirect (303) to the address a script would have written (`?categorie=1&categorie=3`),
 * so a shared or reloaded address never carries `basculer`, and Back does not toggle again.
 */

/** The parameter a toggle button submits, named in French like the other parameters of the pages. */
export const TOGGLE_PARAM = 'basculer';

/**
 * The value of the "all categories" button: it empties the list. Empty, because an id is never
 * empty (see `Id` in wire.ts), so no category can be mistaken for it.
 */
export const RESET_TOGGLE = '';

const toggled = (list: readonly string[], id: string): readonly string[] =>
  id === RESET_TOGGLE ? [] : list.includes(id) ? list.filter((item) => item !== id) : [...list, id];

/**
 * The canonical query (`''` or starting with `?`) of a submitted filter form: each `basculer`
 * toggles its id in `listParam` (added at the end, or removed; the empty value clears the list),
 * duplicates and empty values of the list are dropped with its order kept, the list comes first as
 * the widgets write it, and the other parameters follow in their order, empty ones left out
 * (an empty select or title means "not set" to every reader). `null` when there is no `basculer`:
 * the address needs no redirect.
 */
export const applyFormToggle = (search: string, listParam: string): string | null => {
  const params = new URLSearchParams(search);
  if (!params.has(TOGGLE_PARAM)) return null;
  const start = [...new Set(params.getAll(listParam).filter((id) => id !== ''))];
  const list = params.getAll(TOGGLE_PARAM).reduce<readonly string[]>(toggled, start);
  const canonical = new URLSearchParams();
  for (const id of list) canonical.append(listParam, id);
  for (const [name, value] of params) {
    if (name !== TOGGLE_PARAM && name !== listParam && value !== '') canonical.append(name, value);
  }
  const text = canonical.toString();
  return text === '' ? '' : `?${text}`;
};
