/**
 * Applies a JSON Merge Patch (RFC 7396 §2) to `target`: an object patch sets each of its keys, a
 * `null` removes one, anything else replaces the target whole. Neither argument is changed.
 */
export const mergePatch = (target: unknown, patch: unknown): unknown => {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return patch;
  const result = new Map<string, unknown>(typeof target === 'object' && target !== null && !Array.isArray(target) ? Object.entries(target) : []);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) result.delete(key);
    else result.set(key, mergePatch(result.get(key), value));
  }
  return Object.fromEntries(result);
};
