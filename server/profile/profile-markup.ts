import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import { left, right, type Either } from 'fp-ts/Either';
import { JSDOM } from 'jsdom';
import { Marked } from 'marked';
import { isRichTextLink, RICH_TEXT_SANITIZE } from '../../src/domain/rich-text-policy';

/**
 * The profile's markup, checked rather than trusted: its emblem and its Markdown texts are kept
 * only when sanitizing them would drop nothing. A file that holds what the sanitizer drops is
 * refused, naming what, so that the institution sees its mistake instead of a page that quietly
 * differs from its text. The DOM is a jsdom window of its own, closed once the profile is read.
 */

/** Markup as the site will use it, or the reasons it is refused (each one line). */
export type CheckedMarkup = Either<readonly string[], string>;

/** The checks of one profile's markup, on one DOM; `close` frees it. */
export interface ProfileMarkup {
  /** An SVG file as the header will inline it: no script, no event attribute, no reference outside the file. */
  readonly emblem: (svg: string) => CheckedMarkup;
  /** A Markdown text as HTML, holding only what the site's rich-text sanitizer keeps. */
  readonly markdown: (text: string) => CheckedMarkup;
  readonly close: () => void;
}

// `<use>` draws a shape of the same file again; DOMPurify's SVG profile drops it for the external
// files it may name, which the check of references below refuses anyway.
const EMBLEM_SANITIZE: Config = { USE_PROFILES: { svg: true, svgFilters: true }, ADD_TAGS: ['use'] };

// The document's own elements, which DOMPurify lists as removed when it takes a fragment out of them.
const DOCUMENT_ELEMENTS = new Set(['html', 'head', 'body']);

const nameOf = (node: Node): string => {
  if (node.nodeType === 8) return 'a comment';
  const element = node as Element;
  return `<${element.localName || node.nodeName.toLowerCase()}>`;
};

// What the last `sanitize` dropped, as a person reads it.
const droppedBy = (purifier: DOMPurify): string[] =>
  purifier.removed.flatMap((entry) => {
    if ('element' in entry) return DOCUMENT_ELEMENTS.has(entry.element.nodeName.toLowerCase()) ? [] : [nameOf(entry.element)];
    return [`the attribute ${entry.attribute?.name ?? '?'} of ${nameOf(entry.from)}`];
  });

const unique = (reasons: readonly string[]): string[] => [...new Set(reasons)];

const quotedShort = (text: string): string => JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}…` : text);

// A reference that stays in the file: `#id` in an `href`, `url(#id)` in an attribute or a style.
const LOCAL_HREF = /^#[^\s]*$/;
const URL_REFERENCE = /url\(\s*(['"]?)([^)'"]*)\1\s*\)/gi;

const outsideReferences = (root: Element): string[] =>
  [root, ...root.querySelectorAll('*')].flatMap((element) => {
    const where = nameOf(element);
    const inAttributes = [...element.attributes].flatMap((attribute) => {
      const name = attribute.name.toLowerCase();
      if ((name === 'href' || name === 'xlink:href' || name === 'src') && !LOCAL_HREF.test(attribute.value.trim())) {
        return [`a reference outside the file (${quotedShort(attribute.value)} in ${attribute.name} of ${where})`];
      }
      return [...attribute.value.matchAll(URL_REFERENCE)]
        .filter((match) => !(match[2] ?? '').startsWith('#'))
        .map((match) => `a reference outside the file (${quotedShort(match[0])} in ${attribute.name} of ${where})`);
    });
    const text = element.localName === 'style' ? element.textContent : '';
    const inStyle = [...text.matchAll(URL_REFERENCE)]
      .filter((match) => !(match[2] ?? '').startsWith('#'))
      .map((match) => `a reference outside the file (${quotedShort(match[0])} in <style>)`);
    return [...inAttributes, ...inStyle, ...(/@import/i.test(text) ? ['a reference outside the file (@import in <style>)'] : [])];
  });

/** Opens a DOM for the checks of one profile's emblem and texts. */
export const profileMarkup = (): ProfileMarkup => {
  const { window } = new JSDOM('<!doctype html><html><body></body></html>');
  const purifier = createDOMPurify(window);
  const marked = new Marked({ gfm: true });
  const parse = (html: string): HTMLTemplateElement => {
    const template = window.document.createElement('template');
    template.innerHTML = html;
    return template;
  };

  const emblem = (svg: string): CheckedMarkup => {
    // The XML declaration and a doctype say nothing the header needs; an HTML parser would read them as text.
    const source = svg.replace(/^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!DOCTYPE[^>[]*(\[[^\]]*\])?\s*>\s*)?/i, '');
    const clean = purifier.sanitize(source, EMBLEM_SANITIZE);
    const dropped = droppedBy(purifier).map((what) => `${what} is not allowed`);
    const elements = [...parse(clean).content.children];
    const root = elements[0];
    if (elements.length !== 1 || root?.localName !== 'svg') return left(unique([...dropped, 'not one SVG image (one <svg> element, and nothing beside it)']));
    const reasons = unique([...dropped, ...outsideReferences(root)]);
    return reasons.length > 0 ? left(reasons) : right(clean);
  };

  const markdown = (text: string): CheckedMarkup => {
    if (text.trim() === '') return left(['empty']);
    const html = marked.parse(text, { async: false });
    const clean = purifier.sanitize(html, RICH_TEXT_SANITIZE);
    const dropped = droppedBy(purifier).map((what) => `${what} would be removed by the site's sanitizer`);
    // The site keeps the element of a link it does not take, as text (src/views/shared/sanitized-html.tsx).
    const asText = [...parse(clean).content.querySelectorAll('[href]')]
      .map((element) => element.getAttribute('href') ?? '')
      .filter((href) => !isRichTextLink(href))
      .map((href) => `the link ${quotedShort(href)} would show as text: a link is an http(s) address, a page of this site, mailto:, tel: or #…`);
    const reasons = unique([...dropped, ...asText]);
    return reasons.length > 0 ? left(reasons) : right(clean);
  };

  return { emblem, markdown, close: () => window.close() };
};
