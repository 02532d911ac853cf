/** Anything a test opens and must close: a browser, a context, a site, a database, a Fastify app. */
export interface Closable {
  readonly close: () => Promise<unknown>;
}

/**
 * Closes, in order, what a `beforeAll` opened. Jest runs `afterAll` even when `beforeAll` failed, so a variable
 * typed as opened may still be unset: that one is passed over, and the first failure is the one reported.
 */
export const closeOpened = async (...opened: readonly (Closable | undefined)[]): Promise<void> => {
  for (const resource of opened) await resource?.close();
};
