import type { MountWidget } from '../widget';
import { liveAnswers } from '../entries/live-answers';
import { mountEntry } from '../entries/mount-entry';
import { newsEntry } from './news-entry';
import '../shared/widgets.css';
import './news.css';

/** Mounts the news widget into its container, with the state its page address names. */
export const mountWidget: MountWidget = (container, tools) => mountEntry(newsEntry, container, tools, liveAnswers(container));
