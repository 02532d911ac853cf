import { heldProfileText } from '../shared/profile-text';
import type { WidgetEntry } from '../entries/widget-entry';
import { AccessibilityView } from './accessibility-view';

/**
 * The accessibility statement's render entry: no machine; the institution's parts taken from the
 * widget's answers (the server's site profile, embedded in the page), so that both sides render the same.
 */
export const accessibilityEntry: WidgetEntry = {
  name: 'accessibility',
  wake: 'intent',
  create: ({ api }) => ({ element: <AccessibilityView institution={heldProfileText(api, 'accessibility')} /> }),
};
