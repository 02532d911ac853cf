/** A part of the catalogue that travels apart from the entry's, a chunk per language (scripts/compile-messages.mjs). */
export type WidgetMessagePart = 'agenda' | 'directory' | 'news' | 'search' | 'home';

/**
 * The parts each widget's views read besides the entry's, by the name in its container's
 * `data-widget`: the page's loader fetches them in the page's language beside the widget's code,
 * and the server names their files among those a page prefetches.
 */
export const WIDGET_MESSAGE_PARTS: Readonly<Record<string, readonly WidgetMessagePart[]>> = {
  agenda: ['agenda'],
  directory: ['directory'],
  news: ['news'],
  'news-article': ['news'],
  'site-search': ['search'],
  home: ['home'],
};

/** The name under which the build lists a part's chunk in one language (dist/widget-chunks.json). */
export const messageChunkName = (part: WidgetMessagePart, language: string): string => `messages:${part}:${language}`;
