import { useEffect } from 'react';

/**
 * The `<title>` element's attribute where the server writes the title of the page with nothing
 * open (the list's), so that a page loaded on a permalink can give it back when the item closes.
 */
export const LIST_TITLE_ATTRIBUTE = 'data-list-title';

/** The document's title with an item open: its name first, then the page's own title. */
export const titleWithItem = (item: string | null, listTitle: string): string => (item === null ? listTitle : `${item} – ${listTitle}`);

// On a page this server did not write (a content system's), the title before any item opened.
let hostTitle: string | undefined;

const listTitleOf = (doc: Document): string => {
  const written = doc.querySelector('title')?.getAttribute(LIST_TITLE_ATTRIBUTE);
  if (written) return written;
  hostTitle ??= doc.title;
  return hostTitle;
};

/** Keeps `document.title` on the open item's name (WCAG 2.4.2) and gives the list's title back when nothing is open. */
export const useItemTitle = (item: string | null): void => {
  useEffect(() => {
    const wanted = titleWithItem(item, listTitleOf(document));
    if (document.title !== wanted) document.title = wanted;
  }, [item]);
};
