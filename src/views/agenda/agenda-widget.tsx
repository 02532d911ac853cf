import type { MountWidget } from '../widget';
import { liveAnswers } from '../entries/live-answers';
import { mountEntry } from '../entries/mount-entry';
import { agendaEntry } from './agenda-entry';
import '../shared/widgets.css';
import './agenda.css';

/** Mounts the agenda widget into its container, with the state its page address names. */
export const mountWidget: MountWidget = (container, tools) => mountEntry(agendaEntry, container, tools, liveAnswers(container));
