/**
 * Keys a parsed object must never hold as its own: `JSON.parse` makes `"__proto__"` an own
 * key, and a later `Object.assign` or io-ts copy turns it into the object's prototype, so a
 * field missing from the text would be read from it (a stored cart line got its quantity so).
 */
export const PROTOTYPE_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

const PROTOTYPE_KEY_SET: ReadonlySet<string> = new Set(PROTOTYPE_KEYS);

/** Whether `key` is one of the prototype keys that parsed JSON drops. */
export const isPrototypeKey = (key: string): boolean => PROTOTYPE_KEY_SET.has(key);

// A reviver's `undefined` deletes the key from its holder; array indexes are never prototype keys.
const dropPrototypeKeys = (key: string, value: unknown): unknown => (isPrototypeKey(key) ? undefined : value);

/**
 * `JSON.parse` for text from outside (storage, the network, import files, embedded answers):
 * the same value, without `__proto__`, `constructor` or `prototype` keys at any depth. Throws
 * what `JSON.parse` throws.
 */
export const parseJson = (text: string): unknown => JSON.parse(text, dropPrototypeKeys) as unknown;

/** `JSON.stringify` as it behaves: no text (`undefined`) for `undefined`, a function or a symbol, which its declared `string` does not say. */
export const jsonText = (value: unknown): string | undefined => JSON.stringify(value);
