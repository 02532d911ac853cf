import { useMemo, useSyncExternalStore } from 'react';
import type { SanitizedHtml as SanitizedHtmlComponent } from './sanitized-html';
import { useLocale } from './widget-root';

// DOMPurify is a tenth of a page's script. Rich text in a list (an event's closed details) shows
// as plain text, and as sanitized markup once DOMPurify has loaded: when the visitor first opens
// such a text (`requestSanitizer`), so a page whose details stay closed never loads it.
let loaded: typeof SanitizedHtmlComponent | null = null;
let requested = false;
const listeners = new Set<() => void>();

const whenIdle = (run: () => void): void => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 2_000 });
  else window.setTimeout(run, 50);
};

/** Loads DOMPurify (once, when the browser is idle); every rich text then shows its sanitized markup. */
export const requestSanitizer = (): void => {
  if (requested) return;
  requested = true;
  whenIdle(() => {
    void import('./sanitized-html').then((module) => {
      loaded = module.SanitizedHtml;
      for (const listener of listeners) listener();
    });
  });
};

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

// Parsing builds a whole document: a list that shows the same text again (a filter, a language
// switch, the next step of a long list) reads it from here.
const plainTexts = new Map<string, string>();
const PLAIN_TEXTS_KEPT = 500;

/** The text of an HTML fragment without its markup, read once per fragment. */
const plainText = (html: string): string => {
  const known = plainTexts.get(html);
  if (known !== undefined) return known;
  const text = parsedText(html);
  if (plainTexts.size >= PLAIN_TEXTS_KEPT) plainTexts.delete(plainTexts.keys().next().value!);
  plainTexts.set(html, text);
  return text;
};

/** The text of an HTML fragment without its markup; DOMParser runs no script and loads nothing. */
const parsedText = (html: string): string => {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  for (const hidden of body.querySelectorAll('script, style, template, noscript')) hidden.remove();
  return body.textContent;
};

/**
 * Rich text from the API: its plain text at first, then, where it is `shown` (an opened
 * event's details), its markup sanitized by DOMPurify once `requestSanitizer` has loaded it.
 * Texts still hidden keep their plain text, so loading DOMPurify re-renders only what is seen.
 */
export const RichText = ({ html, className, shown = true }: { html: string; className?: string; shown?: boolean }) => {
  const available = useSyncExternalStore(
    subscribe,
    () => loaded,
    () => null,
  );
  const { contentLang } = useLocale();
  const SanitizedHtml = shown ? available : null;
  const text = useMemo(() => (SanitizedHtml ? '' : plainText(html)), [SanitizedHtml, html]);
  return SanitizedHtml ? (
    // eslint-disable-next-line react-hooks/static-components -- the sanitizer's component, loaded once for the page, not made in this render.
    <SanitizedHtml html={html} className={className} />
  ) : (
    <div className={className} lang={contentLang}>
      {text}
    </div>
  );
};
