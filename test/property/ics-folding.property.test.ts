import fc from 'fast-check';
import { toIcs } from '../../src/domain/ics';

// Characters at the edges of UTF-8's lengths: 1 octet up to U+007F, 2 up to U+07FF, 3 up to U+FFFF, 4 beyond.
const edge = fc.constantFrom('a', '\u007f', '\u0080', 'é', '\u07ff', '\u0800', '€', '\uffee', '\u{10000}', '😀');
const octets = (text: string): number => Buffer.byteLength(text, 'utf8');

describe('the lines of an iCalendar file', () => {
  it('are folded as late as possible: at most 75 octets, never inside a character, and unfold to the line', () => {
    fc.assert(
      fc.property(fc.array(edge, { minLength: 1, maxLength: 120 }), (chars) => {
        const title = chars.join('');
        const physical = toIcs([{ id: '1', bel_date: '2026-12-31', title }], 'valmont.example', new Date(0)).split('\r\n');
        const start = physical.findIndex((line) => line.startsWith('SUMMARY:'));
        const end = physical.findIndex((line, index) => index > start && !line.startsWith(' '));
        const parts = physical.slice(start, end);
        expect(parts.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(`SUMMARY:${title}`);
        parts.forEach((part, index) => {
          expect(octets(part)).toBeLessThanOrEqual(75);
          const next = parts[index + 1];
          // A fold comes only when the next character would not fit.
          if (next !== undefined) expect(octets(part) + octets(String.fromCodePoint(next.codePointAt(1)!))).toBeGreaterThan(75);
        });
      }),
    );
  });
});
