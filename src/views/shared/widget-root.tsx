import type { IntlShape } from '@formatjs/intl';
import { createContext, StrictMode, useContext, useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { intlFor, type MessageId } from '../../i18n/intl';
import { localizedPath } from '../../domain/permalinks';
import { EVERY_SECTION, SECTIONS_ATTRIBUTE, sectionsFromAttribute, type SiteSections } from '../../domain/site-sections';
import { FALLBACK_LANGUAGE, readLanguage, readRootLanguage, subscribeLanguage, type Language } from '../../i18n/language';
import { READY_ATTRIBUTE } from '../widget';

interface Locale {
  readonly language: Language;
  readonly intl: IntlShape;
  /** The site's root language: its addresses carry no prefix. */
  readonly root: Language;
  /** The site's sections on: a view links to those only. */
  readonly sections: SiteSections;
}

const LocaleContext = createContext<Locale>({ language: 'fr', intl: intlFor('fr'), root: FALLBACK_LANGUAGE, sections: EVERY_SECTION });

/** The sections on of the site an element is part of (the nearest `data-sections`): every one where none says. */
export const readSections = (element: Element): SiteSections => sectionsFromAttribute(element.closest(`[${SECTIONS_ATTRIBUTE}]`)?.getAttribute(SECTIONS_ATTRIBUTE));

const noSubscription = (): (() => void) => () => undefined;

/**
 * The language of the container, following every change of its `lang` attribute. On the
 * server there is no container: the language is the one the page is rendered in, and the
 * browser hydrates with the same, read from the container the server wrote.
 */
const useContainerLanguage = (container: Element | undefined, rendered: Language): Language =>
  useSyncExternalStore(
    container ? (onChange) => subscribeLanguage(container, onChange) : noSubscription,
    () => (container ? readLanguage(container) : rendered),
    () => (container ? readLanguage(container) : rendered),
  );

/** Holds a widget's readiness back until its release: a part that needs one more render before it acts as it will once awake. */
interface ReadyGate {
  readonly hold: () => () => void;
}

const ReadyGateContext = createContext<ReadyGate>({ hold: () => () => undefined });

/**
 * Keeps the widget from being marked ready while `waiting`: the island replays the visitor's first
 * acts once it is ready, so they must meet the controls as they will act (the page's real cart,
 * not the neutral one hydration drew). Effects run children first, so the hold is taken before the
 * root would mark the container.
 */
export const useHoldReady = (waiting: boolean): void => {
  const gate = useContext(ReadyGateContext);
  useEffect(() => (waiting ? gate.hold() : undefined), [gate, waiting]);
};

/**
 * The root of a React widget: strict mode, and the language of its container and the site's root
 * language for every component. The server gives `language` and `root` instead of a container.
 */
export const WidgetRoot = ({
  container,
  language: rendered = 'fr',
  root: renderedRoot = FALLBACK_LANGUAGE,
  sections: renderedSections = EVERY_SECTION,
  children,
}: {
  container?: Element;
  language?: Language;
  root?: Language;
  sections?: SiteSections;
  children: ReactNode;
}) => {
  const language = useContainerLanguage(container, rendered);
  const root = container ? readRootLanguage(container) : renderedRoot;
  const sections = useMemo(() => (container ? readSections(container) : renderedSections), [container, renderedSections]);
  const holds = useRef(0);
  const mounted = useRef(false);
  // Marks the container once its script runs on it (after hydration of server markup) and nothing
  // holds it back: the island replays what came first from then on, and tests tell live controls from the server's.
  const markIfFree = useRef(() => {
    if (mounted.current && holds.current === 0) container?.setAttribute(READY_ATTRIBUTE, '');
  });
  const gate = useMemo<ReadyGate>(
    () => ({
      hold: () => {
        holds.current += 1;
        let released = false;
        return () => {
          if (released) return;
          released = true;
          holds.current -= 1;
          markIfFree.current();
        };
      },
    }),
    [],
  );
  useEffect(() => {
    mounted.current = true;
    markIfFree.current();
    return () => {
      mounted.current = false;
    };
  }, []);
  return (
    <StrictMode>
      <ReadyGateContext.Provider value={gate}>
        <LocaleContext.Provider value={{ language, intl: intlFor(language), root, sections }}>{children}</LocaleContext.Provider>
      </ReadyGateContext.Provider>
    </StrictMode>
  );
};

/** The language the institution writes its content in (titles, leads, roles, bodies), whatever the interface speaks. */
export const CONTENT_LANGUAGE: Language = 'fr';

/**
 * The page language, a typed message function, and `contentLang`: the `lang` of an element that holds the
 * institution's content, set only when the page speaks another language, so that a screen reader reads a French
 * title on a German page with French rules (WCAG 3.1.2). `localize` gives a site path's address in the page's language.
 */
export const useLocale = (): Locale & {
  readonly t: (id: MessageId, values?: Record<string, string | number>) => string;
  readonly contentLang: Language | undefined;
  readonly localize: (path: string) => string;
} => {
  const locale = useContext(LocaleContext);
  return {
    ...locale,
    t: (id, values) => locale.intl.formatMessage({ id }, values),
    localize: (path) => localizedPath(path, locale.language, locale.root),
    contentLang: locale.language === CONTENT_LANGUAGE ? undefined : CONTENT_LANGUAGE,
  };
};
