import { mountServedWidget } from '../shared/served-widget';
import type { MountWidget } from '../widget';
import './site-info.css';

/**
 * Mounts a page about the site (legal notice, privacy statement, sitemap). The server wrote it in
 * the page language: it stays as it is, and React loads only if the language changes.
 */
export const mountWidget: MountWidget = (container, tools) =>
  mountServedWidget(container, tools, () => import('./site-info-mount').then((module) => module.mountSiteInfo));
