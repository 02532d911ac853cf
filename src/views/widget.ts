/** What every widget module exports: mount into a container, give back the unmount function. */
export type MountWidget = (container: HTMLElement) => () => void;

/** A widget module, loaded on demand so a page downloads only the widgets it shows. */
export interface WidgetModule {
  readonly mountWidget: MountWidget;
}
