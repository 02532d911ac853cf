import fc from 'fast-check';

// Pieces a hostile link is made of: the parser's slash stand-ins, white space it strips, encoded
// slashes, dot segments, schemes and look-alike characters.
const PIECES = [
  '/', '//', '\\', '/\\', '\\/', '.', '..', '/..//', '/.//', '%2f', '%2F', '%5c', '%2e%2e', ':', '@', '?', '#', '\t', '\n', '\r', ' ',
  '\u0000', '\u001f', '\u007f', '\u00a0', '\u2028', '\u200b', '\ufeff', '\uff0f', '\u2215', '\u2044', '\uff3c',
  'javascript:', 'JaVaScRiPt:', 'data:', 'http:', 'https:', 'evil.example', 'site.example', 'x', 'é', 'a-b',
];

/** Links as a careless or hostile content editor may write them: hostile pieces glued together, any text, and paths. */
export const hostileLinks: fc.Arbitrary<string> = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { maxLength: 8 }).map((parts) => parts.join('')),
  fc.string(),
  fc.string({ unit: 'grapheme-ascii' }).map((text) => `/${text}`),
);
