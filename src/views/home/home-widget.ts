import { readEmbeddedAnswers } from '../../services/embedded-answers';
import { mountServedWidget } from '../shared/served-widget';
import type { MountWidget } from '../widget';
import '../shared/widgets.css';
import './home.css';

/** Whether the server's first screen holds a failed list: its retry button needs the script. */
const hasFailure = (container: HTMLElement): boolean => Object.keys(readEmbeddedAnswers(container)?.failures ?? {}).length > 0;

/**
 * Mounts the home page's content. The server wrote the next events and the latest news in the
 * container's language: that markup stays as it is, and React loads only if the language
 * changes, if no server wrote the container, or if a list failed and offers a retry, so the
 * home page runs no framework code by default.
 */
export const mountWidget: MountWidget = (container, tools) =>
  mountServedWidget(container, tools, () => import('./home-mount').then((module) => module.mountHome), hasFailure);
