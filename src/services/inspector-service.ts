import { createBrowserInspector, createWebSocketInspector } from '@statelyai/inspect';
import type { InspectionEvent } from 'xstate';

/**
 * Connects every actor to the XState inspector: `ws://…` for the WebSocket inspector of a
 * local tool, anything else for the browser inspector (stately.ai). Development only: the
 * widgets load this module behind a `NODE_ENV` check, so the production build leaves it out.
 */
export const connectInspector = (target: string): ((event: InspectionEvent) => void) => {
  const inspector = /^wss?:\/\//.test(target) ? createWebSocketInspector({ url: target }) : createBrowserInspector();
  return (event) => inspector.inspect.next?.(event);
};
