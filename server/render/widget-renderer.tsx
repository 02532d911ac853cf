import { prerenderToNodeStream } from 'react-dom/static';
import type { Observable } from 'rxjs';
import { addMessages } from '../../src/i18n/intl';
import type { Language } from '../../src/i18n/language';
import { EVERY_WIDGET_MESSAGES } from '../../src/i18n/widget-messages';
import { EVERY_SECTION, type SiteSections } from '../../src/domain/site-sections';
import { trackAnswers } from '../../src/services/answer-tracker';
import type { HttpFailure } from '../../src/services/http';
import type { PageSubject, WidgetEntry } from '../../src/views/entries/widget-entry';
import { WidgetRoot } from '../../src/views/shared/widget-root';
import './server-dom';

// The server renders any widget in any language: every widget's messages, in all of them.
for (const messages of EVERY_WIDGET_MESSAGES) addMessages(messages);

/**
 * Where the renderer takes its answers: this server's API, or any API that speaks SPEC §7.
 * `headers` carry the page's link origin to the API asked in process (`LinkOrigins.forward`), so its links are the page's.
 */
export type AnswerPath = (path: string, headers?: Readonly<Record<string, string>>) => Observable<unknown>;

/** What a widget needs to be rendered: its language, the page address and the container's attributes. */
export interface WidgetRequest {
  readonly language: Language;
  /** The site's root language, whose addresses carry no prefix (the profile's default). */
  readonly root: Language;
  /** The site's sections on: every one when not given. */
  readonly sections?: SiteSections;
  readonly pathname: string;
  readonly search: string;
  readonly attributes: Readonly<Record<string, string>>;
  /** The moment (ms) the widget is rendered for, written in its data block for the browser's first render. */
  readonly now: number;
}

/** A rendered widget: its markup, the answers it was built from, and whether the address named something that exists. */
export interface RenderedWidget {
  readonly html: string;
  readonly answers: Readonly<Record<string, unknown>>;
  /** The moment it was rendered for (`WidgetRequest.now`). */
  readonly now: number;
  /** The next moment its first screen changes by itself (`CreatedWidget.until`), or `null`. */
  readonly until: number | null;
  /** The calls that failed, which the browser starts from too. */
  readonly failures: Readonly<Record<string, HttpFailure>>;
  readonly found: boolean;
  /** What the page is about once settled, by the entry's selectors: the page's metadata (title, JSON-LD) come from it. */
  readonly subject: PageSubject | null;
  /** What React hoists for the head: the preloads of the first images. */
  readonly head: string;
}

// React writes the preloads of high-priority images before the markup of a tree without a <head>.
const HOISTED = /^(?:<link [^>]*\/>)+/;

/** How long a widget may wait for its answers before it is rendered as it stands (its loading state). */
const SETTLE_LIMIT_MS = 10_000;

/** How React marks a Suspense boundary whose content comes later in the stream. */
const SUSPENDED_MARK = '<!--$?-->';

/**
 * Failures as the page may show them: the path the browser would call rather than the
 * address the server used (an internal backend's host stays private), and no server-side message.
 */
const publicFailures = (failures: Readonly<Record<string, HttpFailure>>): Record<string, HttpFailure> =>
  Object.fromEntries(
    Object.entries(failures).map(([path, failure]) => [
      path,
      failure._tag === 'NetworkError' ? { ...failure, url: path, message: 'no answer' } : { ...failure, url: path },
    ]),
  );

const streamText = async (stream: NodeJS.ReadableStream): Promise<string> => {
  let text = '';
  for await (const chunk of stream) text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
  return text;
};

/**
 * Renders a widget's first screen the way the browser builds it: the widget's machine starts
 * with services answered by `answer`, takes the same answer events, settles, and the same React
 * view is rendered to HTML. Lazy parts (the contact details) are waited for.
 */
export const renderWidget = async (entry: WidgetEntry, request: WidgetRequest, answer: AnswerPath): Promise<RenderedWidget> => {
  const source = trackAnswers('', answer);
  const created = entry.create({
    language: request.language,
    root: request.root,
    sections: request.sections ?? EVERY_SECTION,
    attribute: (name) => request.attributes[name] ?? null,
    location: { pathname: request.pathname, search: request.search },
    now: request.now,
    api: source,
    side: 'server',
    observe: () => undefined,
  });
  created.actor?.start();
  try {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      source.settled(),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, SETTLE_LIMIT_MS);
      }),
    ]);
    clearTimeout(timer);
    const found = created.afterSettle?.() ?? true;
    const element = (
      <WidgetRoot language={request.language} root={request.root} sections={request.sections ?? EVERY_SECTION}>
        {created.element}
      </WidgetRoot>
    );
    const html = await streamText((await prerenderToNodeStream(element, { progressiveChunkSize: Number.POSITIVE_INFINITY })).prelude);
    // Lazy parts (the contact modal) are waited for and written in place: a boundary written apart
    // would need an inline script, which the CSP forbids. Nothing may be left for later.
    if (html.includes(SUSPENDED_MARK)) throw new Error(`${entry.name}: a part of the first screen suspended on the server`);
    const hoisted = HOISTED.exec(html)?.[0] ?? '';
    return {
      html: html.slice(hoisted.length),
      head: hoisted,
      answers: source.recorded(),
      now: request.now,
      until: created.until?.() ?? null,
      failures: publicFailures(source.failures()),
      found,
      subject: created.subject?.() ?? null,
    };
  } finally {
    created.actor?.stop();
  }
};
