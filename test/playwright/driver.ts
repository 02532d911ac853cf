import type { AnyStateMachine, EventObject, SnapshotFrom } from 'xstate';
import type { MachineModel } from '../model/machine-model';
import type { BarePage } from './bare-page';

type Snapshot = SnapshotFrom<AnyStateMachine>;

/**
 * How the covering suite of a machine becomes Playwright scripts against a live site: the page
 * its widget runs on, with the model's input as the container's attributes, and the statements
 * that make each of the model's events happen there.
 */
export interface PlaywrightDriver<E extends EventObject> {
  readonly model: MachineModel<E>;
  readonly page: BarePage;
  /**
   * The TypeScript statements that make `event` happen on the live page: a visitor's act through
   * `page` (roles and names), or the API's answer through `api` (`answer`, `fail`), in the wire
   * format the widget decodes. `before` is the model's state the event comes in.
   */
  readonly act: (event: E, before: Snapshot) => readonly string[];
  /** Statements run once the page is open, before the first check: what the host page adds (an "add to cart" button). */
  readonly prepare?: readonly string[];
}

/** A value written into a script, as its code. */
export const literal = (value: unknown): string => JSON.stringify(value);

/** Back or Forward to an address of the page, as the browser's buttons do it: `address` is the script's expression of it. */
export const visit = (address: string): string =>
  `await page.evaluate((address) => { window.history.pushState(null, '', address); window.dispatchEvent(new PopStateEvent('popstate')); }, ${address});`;
