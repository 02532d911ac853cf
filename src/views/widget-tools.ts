import type { InspectionEvent } from 'xstate';
import { createJournalRecorder, type JournalRecorder } from '../services/journal-service';
import { NO_TOOLS, type WidgetTools } from './widget';

/**
 * The tools a page's address asks for: `?journal` records every event of every widget
 * (the panel downloads it), `?inspect` (development build only) connects every actor to the
 * XState inspector, `?inspect=ws://host:port` to a local WebSocket inspector.
 */
export const createWidgetTools = async (location: Location): Promise<{ tools: WidgetTools; journal: JournalRecorder | null }> => {
  const params = new URLSearchParams(location.search);
  const journal = params.has('journal') ? createJournalRecorder(`${location.pathname}${location.search}`) : null;
  let inspect: ((event: InspectionEvent) => void) | null = null;
  // Parcel replaces NODE_ENV at build time: in production this branch, and the inspector, are gone.
  if (process.env.NODE_ENV !== 'production' && params.has('inspect')) {
    const { connectInspector } = await import('../services/inspector-service');
    inspect = connectInspector(params.get('inspect') ?? '');
  }
  if (!journal && !inspect) return { tools: NO_TOOLS, journal: null };
  return {
    journal,
    tools: {
      observe: (widget, input) => {
        const record = journal?.observe(widget, input);
        return (event) => {
          record?.(event);
          inspect?.(event);
        };
      },
    },
  };
};
