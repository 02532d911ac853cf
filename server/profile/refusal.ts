/** Why a site profile is refused: the field or file it is about (`colours.link`, `texts/fr/privacy.md`; empty for the folder itself) and why. */
export interface Refusal {
  readonly path: string;
  readonly why: string;
}

/** A refusal as the operator reads it: `colours.link: contrast 3.2:1 with colours.background, needs 4.5:1 (…)`. */
export const refusalText = ({ path, why }: Refusal): string => (path === '' ? why : `${path}: ${why}`);
