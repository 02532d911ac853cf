// The browser fetches a widget's code ahead of the visitor's first act, without running it: once
// the page has loaded and the browser is idle, and at once when a mouse comes over the widget, so
// that intent finds the code in the HTTP cache. A prefetch is the browser's lowest priority and
// is not counted in what a page runs before the visitor acts (docs/performance.md).

/** The part of the Network Information API a prefetch asks (Chromium only; elsewhere it is absent). */
interface ConnectionHints {
  readonly saveData?: boolean;
  readonly effectiveType?: string;
}

// How long an idle callback may wait before it runs anyway, and the wait where the browser has none (Safari).
const IDLE_TIMEOUT_MS = 3000;
const NO_IDLE_CALLBACK_MS = 1000;

/** Whether the visitor asked to save data, or the connection is too slow to spend on what may not be used. */
export const savesData = (connection: ConnectionHints | undefined): boolean =>
  connection?.saveData === true || connection?.effectiveType === 'slow-2g' || connection?.effectiveType === '2g';

/** The files of a container's widget code, as the server wrote them (`data-code`): same-origin paths only. */
export const codeFilesOf = (container: HTMLElement): string[] => (container.dataset.code ?? '').split(/\s+/).filter((file) => /^\/[\w.-]+\.(?:js|css)$/.test(file));

/**
 * Prefetches the code of every widget of the page (`<link rel="prefetch">`, the files its
 * container's `data-code` names): after the page's `load`, when the browser is idle, and when a
 * mouse enters a widget. Nothing on a data saver or a 2G connection; a file the page already
 * fetched or prefetched is not asked for again. A focus or a touch needs nothing here: it wakes the
 * island, which imports the code itself.
 */
export const prefetchWidgetCode = (doc: Document): void => {
  const win = doc.defaultView;
  if (win === null || savesData((win.navigator as Navigator & { connection?: ConnectionHints }).connection)) return;
  const containers = [...doc.querySelectorAll<HTMLElement>('[data-widget][data-code]')];
  if (containers.length === 0) return;
  const asked = new Set<string>();
  const prefetch = (container: HTMLElement): void => {
    // What the page loaded already (an island woken with the page, the loader's own chunks) is in the cache.
    const entries = typeof win.performance.getEntriesByType === 'function' ? win.performance.getEntriesByType('resource') : [];
    const fetched = new Set(entries.map((entry) => new URL(entry.name, win.location.href).pathname));
    for (const file of codeFilesOf(container)) {
      if (asked.has(file) || fetched.has(file)) continue;
      asked.add(file);
      const link = doc.createElement('link');
      link.rel = 'prefetch';
      link.href = file;
      // A module script is fetched in CORS mode: the prefetch asks the same way, so its copy in the cache is the one used.
      if (file.endsWith('.js')) link.crossOrigin = 'anonymous';
      doc.head.append(link);
    }
  };
  for (const container of containers) {
    const onPointer = (event: PointerEvent): void => {
      // A touch's pointer enters just before it presses, which wakes the island: a prefetch then would fetch twice.
      if (event.pointerType !== 'mouse' && event.pointerType !== 'pen') return;
      container.removeEventListener('pointerenter', onPointer);
      prefetch(container);
    };
    container.addEventListener('pointerenter', onPointer, { passive: true });
  }
  const whenIdle = (): void => {
    const run = (): void => {
      for (const container of containers) prefetch(container);
    };
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    else win.setTimeout(run, NO_IDLE_CALLBACK_MS);
  };
  if (doc.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
};
