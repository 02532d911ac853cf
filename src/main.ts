import { mountWidgets } from './views/mount-widgets';
import { startShell } from './views/shell/shell';

const storageOrNull = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    // Some browsers throw on access when storage is disabled.
    return null;
  }
};

startShell(document, storageOrNull());
mountWidgets(document);
