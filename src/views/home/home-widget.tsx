import type { MountWidget } from '../widget';
import { mountEntry } from '../entries/mount-entry';
import { homeEntry } from './home-entry';

/** Mounts the home page's content into its container. */
export const mountWidget: MountWidget = (container, tools) => mountEntry(homeEntry, container, tools);
