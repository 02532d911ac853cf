/**
 * `CORS_ORIGINS` as the server uses it: exact origins (`https://www.canton.example`) separated by
 * commas; unset or empty allows none. Anything that is not an http(s) origin is refused at start.
 */
export const parseCorsOrigins = (value: string | undefined): readonly string[] => {
  const parts = (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return parts.map((part) => {
    let url: URL;
    try {
      url = new URL(part);
    } catch {
      throw new Error(`CORS_ORIGINS holds "${part}", which is not an origin such as https://www.canton.example`);
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== part.replace(/\/$/, '')) {
      throw new Error(`CORS_ORIGINS holds "${part}": write each origin as scheme://host[:port], without path`);
    }
    return url.origin;
  });
};
