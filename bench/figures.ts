import budgets from './budgets.json';

/** The budgets of `bench/budgets.json`: checked by `npm run bench`, and the page weights also by `npm test`. */
export const BUDGETS: Readonly<typeof budgets> = budgets;

/** A limit on a figure's value, or on its ratio to the baseline. */
export interface Budget {
  readonly on: 'value' | 'ratio';
  readonly max?: number;
  readonly min?: number;
}

/** One measured figure, beside the baseline measured in the same run. */
export interface Figure {
  /** The benchmark it belongs to, e.g. `directory keystroke to paint`: one section of the table. */
  readonly benchmark: string;
  /** What was measured, e.g. `median` or `agenda, mobile, performance`. */
  readonly name: string;
  readonly unit: 'ms' | 'µs' | 'B' | 'KB' | 'MB' | 'req/s' | 'score' | '';
  readonly value: number;
  /** What the same run measured for comparison; `null` where no baseline applies. */
  readonly baseline: { readonly name: string; readonly value: number } | null;
  readonly budget?: Budget;
}

/** The value divided by the baseline, or `null` without one. */
export const ratio = (figure: Figure): number | null => (figure.baseline && figure.baseline.value !== 0 ? figure.value / figure.baseline.value : null);

/** Whether the figure keeps its budget: `null` when it has none. */
export const withinBudget = (figure: Figure): boolean | null => {
  if (!figure.budget) return null;
  const measured = figure.budget.on === 'ratio' ? ratio(figure) : figure.value;
  if (measured === null) return false;
  return (figure.budget.max === undefined || measured <= figure.budget.max) && (figure.budget.min === undefined || measured >= figure.budget.min);
};

/** The value of the given percentile (nearest rank) of a list of samples. */
export const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
};

/** The most gzip bytes of JS a page may run or preload before the visitor acts (prefetches aside): `null` for /panier/, whose island wakes with the page. */
export const pageJsBeforeActingBudget = (path: string): number | null => (path === '/panier/' ? null : BUDGETS.pageJsBeforeInteractionGzipBytes);
