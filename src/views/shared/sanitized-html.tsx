import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** Rich text from the API, sanitized with DOMPurify before it reaches the page. */
export const SanitizedHtml = ({ html, className }: { html: string; className?: string | undefined }) => {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
};
