/**
 * A part of the catalogue that travels apart from its widget's code, a chunk per language: the two
 * that weigh (the agenda's four languages are 5.5 KB gzip, the directory's 3.3). The news', the
 * search's and the home's (1.6, 2.1 and 1 KB for four) ride in their widget's chunk: a chunk of
 * their own, with its request and its line in the loader's table, would cost about what it saves.
 */
export type WidgetMessagePart = 'agenda' | 'directory';

/**
 * The parts each widget's views read besides the entry's, by the name in its container's
 * `data-widget`: the page's loader fetches them in the page's language beside the widget's code,
 * and the server names their files among those a page prefetches.
 */
export const WIDGET_MESSAGE_PARTS: Readonly<Record<string, readonly WidgetMessagePart[]>> = {
  agenda: ['agenda'],
  directory: ['directory'],
};

/** The name under which the build lists a part's chunk in one language (dist/widget-chunks.json). */
export const messageChunkName = (part: WidgetMessagePart, language: string): string => `messages:${part}:${language}`;
