import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { isRichTextLink, RICH_TEXT_SANITIZE } from '../../domain/rich-text-policy';
import { useLocale } from './widget-root';

type Purifier = typeof DOMPurify;

/** Keeps on each element an `href` that is a safe link, and drops any other: the element stays, as text. */
const keepSafeLinks = (instance: Purifier): Purifier => {
  // An instance without a DOM (the module's default on the server) has no hooks and sanitizes nothing.
  if (!instance.isSupported) return instance;
  instance.addHook('afterSanitizeAttributes', (node) => {
    const href = node.getAttribute('href');
    if (href !== null && !isRichTextLink(href)) node.removeAttribute('href');
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

/** Rich text sanitized with DOMPurify, as markup; empty when no DOM is there to sanitize it. */
export const sanitizeHtml = (html: string): string => (purifier.isSupported ? purifier.sanitize(html, RICH_TEXT_SANITIZE) : '');

/** Rich text from the API, sanitized with DOMPurify before it reaches the page. */
export const SanitizedHtml = ({ html, className }: { html: string; className?: string | undefined }) => {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  // Rich text is always the institution's content: in its own language on a page that speaks another.
  const { contentLang } = useLocale();
  return <div className={className} lang={contentLang} dangerouslySetInnerHTML={{ __html: clean }} />;
};
