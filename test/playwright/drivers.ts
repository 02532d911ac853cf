import type { EventObject } from 'xstate';
import type { PlaywrightDriver } from './driver';
import { shopDriver } from './drivers/shop-driver';

/** Every machine whose covering suite is exported as Playwright scripts. */
export const DRIVERS: readonly PlaywrightDriver<EventObject>[] = [shopDriver as unknown as PlaywrightDriver<EventObject>];
