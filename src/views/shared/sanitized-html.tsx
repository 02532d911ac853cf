import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { safeLink } from '../../domain/safe-links';
import { useLocale } from './widget-root';

type Purifier = typeof DOMPurify;

// Besides http(s) addresses and pages of this site, rich text may link to an email address, a
// phone number or a place in the same text; any other link (`/\host/`, a bare relative path) stays text.
const OTHER_SAFE_LINK = /^(?:mailto:|tel:|#[^\\\s]*$)/i;

/** Keeps on each element an `href` that is a safe link, and drops any other: the element stays, as text. */
const keepSafeLinks = (instance: Purifier): Purifier => {
  // An instance without a DOM (the module's default on the server) has no hooks and sanitizes nothing.
  if (!instance.isSupported) return instance;
  instance.addHook('afterSanitizeAttributes', (node) => {
    const href = node.getAttribute('href');
    if (href !== null && !OTHER_SAFE_LINK.test(href) && safeLink(href) === null) node.removeAttribute('href');
  });
  return instance;
};

// In a browser DOMPurify works on the page's own DOM. The server has none: its renderer gives an
// instance bound to a server-side DOM. Without a working one nothing is rendered, never raw HTML.
let purifier: Purifier = keepSafeLinks(DOMPurify);

/** Gives the sanitizer an instance bound to a DOM: the server's renderer calls this once. */
export const setSanitizerInstance = (instance: Purifier): void => {
  purifier = keepSafeLinks(instance);
};

// Without `style` attributes: the site's sheets style rich text, and the Content Security Policy allows no inline style.
/** Rich text sanitized with DOMPurify, as markup; empty when no DOM is there to sanitize it. */
export const sanitizeHtml = (html: string): string =>
  purifier.isSupported ? purifier.sanitize(html, { USE_PROFILES: { html: true }, FORBID_ATTR: ['style'] }) : '';

/** Rich text from the API, sanitized with DOMPurify before it reaches the page. */
export const SanitizedHtml = ({ html, className }: { html: string; className?: string | undefined }) => {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  // Rich text is always the institution's content: in its own language on a page that speaks another.
  const { contentLang } = useLocale();
  return <div className={className} lang={contentLang} dangerouslySetInnerHTML={{ __html: clean }} />;
};
