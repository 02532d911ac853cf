import type { MountWidget } from '../widget';
import { mountLive } from '../entries/live-answers';
import { directoryEntry } from './directory-entry';
import '../shared/widgets.css';
import './directory.css';

/** Mounts the directory into its container, with the filters and the contact of the page address. */
export const mountWidget: MountWidget = mountLive(directoryEntry);
