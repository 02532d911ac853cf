import DOMPurify from 'dompurify';
import { useMemo } from 'react';

type Purifier = typeof DOMPurify;

// In a browser DOMPurify works on the page's own DOM. The server has none: its renderer gives an
// instance bound to a server-side DOM. Without a working one nothing is rendered, never raw HTML.
let purifier: Purifier = DOMPurify;

/** Gives the sanitizer an instance bound to a DOM: the server's renderer calls this once. */
export const setSanitizerInstance = (instance: Purifier): void => {
  purifier = instance;
};

/** Rich text sanitized with DOMPurify, as markup; empty when no DOM is there to sanitize it. */
export const sanitizeHtml = (html: string): string =>
  purifier.isSupported ? purifier.sanitize(html, { USE_PROFILES: { html: true } }) : '';

/** Rich text from the API, sanitized with DOMPurify before it reaches the page. */
export const SanitizedHtml = ({ html, className }: { html: string; className?: string | undefined }) => {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
};
