/**
 * Runs `check` until it passes, or throws its last failure once `withinMs` has passed. The server
 * reads the content's versions again beside the requests when an import or a write is announced
 * (server/cache/content-version.ts): a change shows at the origin within a moment, not at the
 * request right after it, and on PostgreSQL the announcement itself crosses a connection.
 */
export const eventually = async <T>(check: () => Promise<T>, withinMs = 2_000, everyMs = 20): Promise<T> => {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      await new Promise((done) => setTimeout(done, everyMs));
    }
  }
};
