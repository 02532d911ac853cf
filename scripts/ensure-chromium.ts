// Run by `npm test` before Jest, so that a first install of Chromium is not charged to a test's time-out.
import { ensureChromium } from '../test/support/chromium';

console.log(`Browser tests use ${ensureChromium()}`);
