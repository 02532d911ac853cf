import type { MountWidget } from '../widget';
import { mountLive } from '../entries/live-answers';
import { agendaEntry } from './agenda-entry';
import '../shared/widgets.css';
import './agenda.css';

/** Mounts the agenda widget into its container, with the state its page address names. */
export const mountWidget: MountWidget = mountLive(agendaEntry);
