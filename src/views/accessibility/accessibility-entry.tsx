import type { WidgetEntry } from '../entries/widget-entry';
import { AccessibilityView } from './accessibility-view';

/** The accessibility statement's render entry: no machine, the same text on both sides. */
export const accessibilityEntry: WidgetEntry = { name: 'accessibility', wake: 'intent', create: () => ({ element: <AccessibilityView /> }) };
