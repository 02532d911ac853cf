// Creating an Intl.DateTimeFormat costs far more than formatting with one, and a list of events
// formats hundreds of dates in a handful of styles: each style is made once per language.
const formats = new Map<string, Intl.DateTimeFormat>();

/** The date formatter of a locale and options, shared by every call that asks for the same. */
export const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => {
  const key = `${locale}|${JSON.stringify(options)}`;
  const known = formats.get(key);
  if (known) return known;
  const created = new Intl.DateTimeFormat(locale, options);
  formats.set(key, created);
  return created;
};
