import type { ReactElement } from 'react';
import type { AnyActorRef, InspectionEvent } from 'xstate';
import type { AgendaEvent } from '../../domain/agenda';
import type { Contact } from '../../domain/contact';
import type { NewsArticle } from '../../domain/news';
import type { Language } from '../../i18n/language';
import type { SiteSections } from '../../domain/site-sections';
import type { Api } from '../../services/http';

/** Where a widget runs: what it is given, on the server and in the browser alike. */
export interface WidgetSetting {
  /** The language the widget speaks (its container's `lang`). */
  readonly language: Language;
  /** The site's root language, whose addresses carry no prefix: French unless the page says otherwise (`data-root-language`). */
  readonly root: Language;
  /** The site's sections on (`data-sections`): every one unless the page says otherwise. */
  readonly sections: SiteSections;
  /** An attribute of the container (`data-agenda-id`, `data-news-scope`, …), or `null`. */
  readonly attribute: (name: string) => string | null;
  /** The address of the page: the filters and the permalink are read from it. */
  readonly location: { readonly pathname: string; readonly search: string };
  /** Where the answers come from. */
  readonly api: Api;
  /**
   * The moment (ms) the widget's first screen is for: the server's clock when it renders, and the
   * same moment, read from the page's data block, when the browser takes over that markup (what is
   * still "coming" must not differ); the browser's clock for a widget it mounts alone.
   */
  readonly now: number;
  /** `browser` adds what only a browser has: the address bar and its history. */
  readonly side: 'server' | 'browser';
  /** The inspection observer of the widget's machine for its input (journal, inspector), if any. */
  readonly observe: (input: unknown) => ((event: InspectionEvent) => void) | undefined;
}

/**
 * What a page is about, read from its settled machine through the machine's own selectors: the
 * server writes the page's title, description and JSON-LD from it, and a calendar file its events.
 */
export type PageSubject =
  | { readonly kind: 'contact'; readonly contact: Contact }
  | { readonly kind: 'event'; readonly event: AgendaEvent }
  | { readonly kind: 'article'; readonly article: NewsArticle }
  | { readonly kind: 'events'; readonly events: readonly AgendaEvent[] };

/** A widget made for a setting: its actor (not started), its React element, and what to do once its answers are in. */
export interface CreatedWidget {
  /** The widget's machine; a widget without state (the home page) has none. */
  readonly actor?: AnyActorRef;
  readonly element: ReactElement;
  /** Events the address implies once the first answers are in (a permalink opens its contact); `false` when the address names nothing. */
  readonly afterSettle?: () => boolean;
  /** What the page is about once settled (a permalink's contact, event or article, an agenda's events); `null` for a page about its list. */
  readonly subject?: () => PageSubject | null;
  /**
   * Once settled, the next moment (ms) its first screen changes by itself (an event it calls coming
   * is over), or `null`: the server keeps its rendering until then only.
   */
  readonly until?: () => number | null;
  /** Extra work in the browser once mounted (permalink history); returns its cleanup. */
  readonly attach?: () => () => void;
}

/**
 * What wakes a widget the server rendered (its island): the visitor's intent inside it (pointer
 * or touch down, focus, a key), or the page's load (a widget whose content lives in the browser).
 */
export type WakeOn = 'intent' | 'load';

/** The attribute of a served container that holds the sentence, in the page's language, that the page says if the widget's code fails. */
export const FAILURE_NOTICE_ATTRIBUTE = 'data-failure-notice';

/**
 * The render entry of a widget, the one place that knows both sides (docs/architecture.md, section "Rendering"):
 * it builds the machine's input from the address and the attributes and names the services.
 * The server's page routes, the fragment endpoint and the browser's mount all go through it.
 */
export interface WidgetEntry {
  readonly name: string;
  /** What wakes it in the browser once the server rendered it (src/views/islands/islands.ts). */
  readonly wake: WakeOn;
  readonly create: (setting: WidgetSetting) => CreatedWidget;
}
