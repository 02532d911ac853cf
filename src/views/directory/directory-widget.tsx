import type { MountWidget } from '../widget';
import { liveAnswers } from '../entries/live-answers';
import { mountEntry } from '../entries/mount-entry';
import { directoryEntry } from './directory-entry';
import '../shared/widgets.css';
import './directory.css';

/** Mounts the directory into its container, with the filters and the contact of the page address. */
export const mountWidget: MountWidget = (container, tools) => mountEntry(directoryEntry, container, tools, liveAnswers(container));
