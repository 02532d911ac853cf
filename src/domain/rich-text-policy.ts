import type { Config } from 'dompurify';
import { safeLink } from './safe-links';

/**
 * What rich text may hold, as the site keeps it: the views sanitize the API's rich text with these
 * settings (src/views/shared/sanitized-html.tsx), and a site profile's Markdown texts are refused at
 * start when they hold anything these would drop (server/profile/profile-markup.ts).
 */

// Besides http(s) addresses and pages of this site, rich text may link to an email address, a
// phone number or a place in the same text; any other link (`/\host/`, a bare relative path) stays text.
const OTHER_SAFE_LINK = /^(?:mailto:|tel:|#[^\\\s]*$)/i;

/** Whether rich text keeps `href` as a link; any other stays text (its element kept, the `href` dropped). */
export const isRichTextLink = (href: string): boolean => OTHER_SAFE_LINK.test(href) || safeLink(href) !== null;

// Without `style` attributes: the site's sheets style rich text, and the Content Security Policy allows no inline style.
/** DOMPurify's settings for rich text: HTML elements and attributes only, no `style`. */
export const RICH_TEXT_SANITIZE: Config = { USE_PROFILES: { html: true }, FORBID_ATTR: ['style'] };
