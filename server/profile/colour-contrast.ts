import Color from 'colorjs.io';
import type { ColourToken, Colours } from '../../src/domain/site-profile';
import type { Refusal } from './refusal';

/** Two colour tokens the style sheet draws one on the other, and the contrast WCAG 2.2 AA asks of them. */
export interface ColourPair {
  readonly foreground: ColourToken;
  readonly background: ColourToken;
  /** 4.5 for text (SC 1.4.3); 3 for the focus ring and the bars that mark a state (SC 1.4.11). */
  readonly minimum: 4.5 | 3;
  /** Where the site draws them so, for the table and the refusal. */
  readonly drawn: string;
}

/**
 * Every pair of the profile's colours that src/styles/site.css and the widgets' sheets draw
 * together. The focus ring is two colours, GOV.UK's way: an outline of `focus` inside a halo of
 * `text`, so the halo contrasts with the light page and the outline with the halo and the dark
 * footer; `focus` against the page itself is not asked. `line` draws separators that carry no
 * meaning, and is in no pair. A pair whose 4.5:1 row exists is not repeated at 3:1.
 */
export const COLOUR_PAIRS: readonly ColourPair[] = [
  { foreground: 'text', background: 'background', minimum: 4.5, drawn: "text, the header's name and the navigation" },
  { foreground: 'text', background: 'surface', minimum: 4.5, drawn: 'text on panels and on the navigation bar' },
  { foreground: 'muted', background: 'background', minimum: 4.5, drawn: 'secondary text, placeholders and field borders' },
  { foreground: 'muted', background: 'surface', minimum: 4.5, drawn: 'secondary text on panels' },
  { foreground: 'link', background: 'background', minimum: 4.5, drawn: 'links and the language switch' },
  { foreground: 'link', background: 'surface', minimum: 4.5, drawn: 'links on panels and hovered' },
  { foreground: 'brandDark', background: 'background', minimum: 4.5, drawn: 'links hovered' },
  { foreground: 'brandDark', background: 'surface', minimum: 4.5, drawn: 'links hovered on panels' },
  { foreground: 'inverse', background: 'text', minimum: 4.5, drawn: 'the footer, the skip link, buttons and chosen toggles' },
  { foreground: 'inverse', background: 'brandDark', minimum: 4.5, drawn: 'buttons hovered' },
  { foreground: 'inverse', background: 'brand', minimum: 4.5, drawn: 'a chosen news category' },
  { foreground: 'inverse', background: 'link', minimum: 4.5, drawn: "the directory's current letter" },
  { foreground: 'focus', background: 'text', minimum: 3, drawn: 'the focus ring: its outline on its halo and on the footer' },
  { foreground: 'brand', background: 'background', minimum: 3, drawn: "the current page's bar on a narrow screen, the header's rule" },
  { foreground: 'brand', background: 'surface', minimum: 3, drawn: "the current page's bar on the navigation bar" },
];

/** A pair with its colours and their contrast ratio (WCAG 2.x relative luminance). */
export interface ContrastRow extends ColourPair {
  readonly colours: readonly [foreground: string, background: string];
  readonly ratio: number;
  readonly passes: boolean;
}

/** Each of `COLOUR_PAIRS` measured on `colours`, in order. */
export const contrastRows = (colours: Colours): readonly ContrastRow[] =>
  COLOUR_PAIRS.map((pair) => {
    const [foreground, background] = [colours[pair.foreground], colours[pair.background]];
    const ratio = new Color(foreground).contrast(background, 'WCAG21');
    return { ...pair, colours: [foreground, background] as const, ratio, passes: ratio >= pair.minimum };
  });

// Cut, never rounded up, as WCAG reads its thresholds: 4.499:1 shows as 4.49:1 and fails 4.5:1.
/** A ratio as written in WCAG's examples: `4.49:1`, `21:1`. */
export const ratioText = (ratio: number): string => `${Math.floor(ratio * 100) / 100}:1`;

/** The refusal of each pair below its minimum, on the foreground's field. */
export const contrastRefusals = (rows: readonly ContrastRow[]): readonly Refusal[] =>
  rows
    .filter((row) => !row.passes)
    .map((row) => ({
      path: `colours.${row.foreground}`,
      why: `contrast ${ratioText(row.ratio)} with colours.${row.background}, needs ${row.minimum}:1 (${row.drawn})`,
    }));

/** The pairs as a plain-text table, one line each, for `npm run profile -- check`. */
export const contrastTable = (rows: readonly ContrastRow[]): string => {
  const cells = rows.map((row) => [
    row.passes ? 'ok' : 'TOO LOW',
    ratioText(row.ratio),
    `${row.minimum}:1`,
    `${row.foreground} ${row.colours[0]} on ${row.background} ${row.colours[1]}`,
    row.drawn,
  ]);
  const heading = ['', 'ratio', 'needs', 'colours', 'drawn as'];
  const widths = heading.map((title, column) => Math.max(title.length, ...cells.map((cell) => cell[column]!.length)));
  const line = (cell: readonly string[]): string =>
    cell
      .map((text, column) => text.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  return [line(heading), ...cells.map(line)].join('\n');
};
