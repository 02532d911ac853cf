import type { InspectionEvent } from 'xstate';

/** What the page gives every widget: the observer to hand to `createActor` for its machine. */
export interface WidgetTools {
  /** The inspection observer of a widget's root machine (journal, inspector), or none. */
  readonly observe: (widget: string, input: unknown) => ((event: InspectionEvent) => void) | undefined;
}

/** Tools that observe nothing: the default of a page without `?journal` or `?inspect`. */
export const NO_TOOLS: WidgetTools = { observe: () => undefined };

/** What every widget module exports: mount into a container, give back the unmount function. */
export type MountWidget = (container: HTMLElement, tools: WidgetTools) => () => void;

/** A widget module, loaded on demand so a page downloads only the widgets it shows. */
export interface WidgetModule {
  readonly mountWidget: MountWidget;
}

/** The attribute a widget's container gets once the widget's script runs on it (after hydration). */
export const READY_ATTRIBUTE = 'data-ready';

/** The event a widget's container receives when the widget fails after mounting (an exception while hydrating, rendering or starting). */
export const WIDGET_FAILED_EVENT = 'widget-failed';
