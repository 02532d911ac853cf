import { mountServedWidget } from '../shared/served-widget';
import type { MountWidget } from '../widget';
import './accessibility.css';

/**
 * Mounts the accessibility statement. The server wrote it in the page language: it stays as it
 * is, and its text in the other languages (with React) loads only if the language changes.
 */
export const mountWidget: MountWidget = (container, tools) =>
  mountServedWidget(container, tools, () => import('./accessibility-mount').then((module) => module.mountAccessibility));
