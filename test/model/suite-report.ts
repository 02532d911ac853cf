import { stringify } from 'csv-stringify/sync';
import type { EventObject } from 'xstate';
import { transitionIds, unwalked, type ModelPath } from './coverage';
import { coveringSuite } from './covering-suite';
import { pathsOf, type MachineModel } from './machine-model';
import { describeSeen, type Seen } from './visible';

/** The formats the covering suite is written in: for reading, for BDD tools, for test-management tools. */
export type SuiteFormat = 'md' | 'text' | 'gherkin' | 'csv' | 'json';

/** The keywords of a Gherkin file: French (`# language: fr`) or English. */
export type GherkinKeywords = 'fr' | 'en';

export interface SuiteStep {
  /** 0 for the page as it opens, then 1, 2, … */
  readonly step: number;
  readonly action: string;
  readonly expected: string;
}

export interface SuitePath {
  readonly id: string;
  readonly steps: readonly SuiteStep[];
}

/** The counts of a machine's covering suite beside its exhaustive listing. */
export interface SuiteFigures {
  readonly machine: string;
  readonly paths: number;
  readonly steps: number;
  readonly transitionsTaken: number;
  readonly transitions: number;
  readonly exhaustivePaths: number;
  readonly exhaustiveSteps: number;
}

const stepsOf = (paths: readonly ModelPath<EventObject>[]): number => paths.reduce((sum, path) => sum + path.steps.length - 1, 0);

/** The figures of a machine: covering suite against exhaustive listing, and the transitions the suite takes. */
export const suiteFigures = <E extends EventObject>(model: MachineModel<E>): SuiteFigures => {
  const suite = coveringSuite(model);
  const exhaustive = pathsOf(model);
  const transitions = transitionIds(model.model).length;
  return {
    machine: model.name,
    paths: suite.length,
    steps: stepsOf(suite),
    transitionsTaken: transitions - unwalked(model.model, suite).transitions.length,
    transitions,
    exhaustivePaths: exhaustive.length,
    exhaustiveSteps: stepsOf(exhaustive),
  };
};

/** What a seen thing is about (a card list, a button, a field…), so that a step can say what changed. */
const aboutOf = (seen: Seen): string => {
  switch (seen.kind) {
    case 'alert':
    case 'no-alert':
      return 'alerts';
    case 'button':
    case 'link':
    case 'field':
    case 'quantity':
    case 'choice':
    case 'disclosure':
      return `${seen.kind}:${seen.name}`;
    case 'options':
      return `options:${seen.listbox}`;
    case 'text':
      return `text:${seen.text}`;
    case 'rows':
      return `rows:${seen.table}`;
    case 'cell':
      return `cell:${seen.row}:${seen.column}`;
    case 'term':
      return `term:${seen.term}`;
    case 'pressed':
      return `pressed:${seen.group}`;
    case 'region-items':
      return `region-items:${seen.region}`;
    case 'region-text':
      return `region-text:${seen.region}:${seen.text}`;
    case 'cards':
    case 'status':
    case 'dialog':
      return seen.kind;
  }
};

/** The things seen, by what they are about, each as the words a tester reads. */
const byAbout = (seen: readonly Seen[]): Map<string, string> => {
  const groups = new Map<string, string[]>();
  for (const item of seen) groups.set(aboutOf(item), [...(groups.get(aboutOf(item)) ?? []), describeSeen(item)]);
  return new Map([...groups].map(([about, words]) => [about, words.join(' et ')]));
};

// What only says that something is absent: left out of the page as it opens, said when it goes away.
const isAbsence = (seen: Seen): boolean =>
  seen.kind === 'no-alert' ||
  ((seen.kind === 'button' || seen.kind === 'link' || seen.kind === 'text' || seen.kind === 'region-text') && !seen.shown) ||
  (seen.kind === 'pressed' && seen.names.length === 0) ||
  (seen.kind === 'term' && seen.value === null) ||
  (seen.kind === 'field' && seen.value === '') ||
  (seen.kind === 'dialog' && seen.name === null);

/**
 * The expected result of a step as a tester reads it: at the start, what the page shows; after
 * a step, what changed on it. The model tests assert the whole of `visible` after every step, of
 * which these words are the part that moved.
 */
const expectedOf = (before: readonly Seen[] | null, after: readonly Seen[]): string => {
  if (before === null)
    return (
      after
        .filter((item) => !isAbsence(item))
        .map(describeSeen)
        .join(' ; ') || 'une page vide'
    );
  const previous = byAbout(before);
  const changed = [...byAbout(after)].filter(([about, words]) => previous.get(about) !== words).map(([, words]) => words);
  return changed.length > 0 ? changed.join(' ; ') : 'rien ne change à l’écran';
};

/** The covering suite of a machine as numbered steps, each with what the visitor then sees change. */
export const suiteOf = <E extends EventObject>(model: MachineModel<E>): SuitePath[] =>
  coveringSuite(model).map((path, index) => {
    const seen = path.steps.map((step) => model.visible(step.snapshot));
    return {
      id: `${model.name}-${index + 1}`,
      steps: path.steps.map((step, stepIndex) => ({
        step: stepIndex,
        action: stepIndex === 0 ? 'Ouvrir la page' : model.describeEvent(step.event, 'fr', path.steps[stepIndex - 1]!.snapshot),
        expected: expectedOf(stepIndex === 0 ? null : seen[stepIndex - 1]!, seen[stepIndex]!),
      })),
    };
  });

const GHERKIN = {
  fr: { language: '# language: fr', feature: 'Fonctionnalité', scenario: 'Scénario', given: 'Étant donné que', when: 'Quand', then: 'Alors' },
  en: { language: '# language: en', feature: 'Feature', scenario: 'Scenario', given: 'Given', when: 'When', then: 'Then' },
} as const;

const summaryLine = (figures: SuiteFigures): string =>
  `${figures.paths} chemins, ${figures.steps} étapes ; transitions prises : ${figures.transitionsTaken} sur ${figures.transitions} (liste exhaustive : ${figures.exhaustivePaths} chemins, ${figures.exhaustiveSteps} étapes)`;

/** The covering suite of a machine, written in a format. */
export const renderSuite = <E extends EventObject>(model: MachineModel<E>, format: SuiteFormat, keywords: GherkinKeywords = 'fr'): string => {
  const paths = suiteOf(model);
  const figures = suiteFigures(model);
  switch (format) {
    case 'json':
      return `${JSON.stringify({ machine: model.name, figures, paths }, null, 2)}\n`;
    case 'csv':
      return stringify(
        paths.flatMap((path) => path.steps.map((step) => [path.id, step.step, step.action, step.expected])),
        { header: true, columns: ['id', 'step', 'action', 'expected'] },
      );
    case 'gherkin': {
      const k = GHERKIN[keywords];
      return [
        k.language,
        `${k.feature}: ${model.name} — suite de couverture (${summaryLine(figures)})`,
        '  Écrite par `npm run paths -- --all` depuis la machine et ce que ses tests vérifient à l’écran.',
        '',
        ...paths.flatMap((path) => [
          `  ${k.scenario}: ${path.id}`,
          ...path.steps.flatMap((step) =>
            step.step === 0
              ? [`    ${k.given} la page est ouverte`, `    ${k.then} ${step.expected}`]
              : [`    ${k.when} ${step.action}`, `    ${k.then} ${step.expected}`],
          ),
          '',
        ]),
      ].join('\n');
    }
    case 'md':
      return [
        `# Suite de couverture « ${model.name} » : ${summaryLine(figures)}`,
        '',
        'Peu de chemins qui, ensemble, prennent chaque transition de la machine au moins une fois. Chaque étape se suit sur la page ; « attendu » dit ce qui change alors à l’écran, tiré de ce que les tests modèles y vérifient après chaque étape (eux vérifient tout l’écran).',
        `Écrit par \`npm run paths -- --all\` ; aussi en [Gherkin](${model.name}.feature) et en [CSV](${model.name}.csv). Le diagramme : [../machines/${model.name}.md](../machines/${model.name}.md) ; la liste exhaustive : [../test-paths/${model.name}.md](../test-paths/${model.name}.md).`,
        '',
        ...paths.flatMap((path) => [
          `## ${path.id}`,
          '',
          ...path.steps.map((step) => (step.step === 0 ? `Au départ, attendu : ${step.expected}` : `${step.step}. ${step.action}\n   — attendu : ${step.expected}`)),
          '',
        ]),
      ].join('\n');
    case 'text':
      return [
        `${model.name} : ${summaryLine(figures)}`,
        '',
        ...paths.flatMap((path) => [
          path.id,
          ...path.steps.map((step) => (step.step === 0 ? `   Au départ → ${step.expected}` : `   ${step.step}. ${step.action}\n      → ${step.expected}`)),
          '',
        ]),
      ].join('\n');
  }
};

/** The index of the suites: each machine's figures beside its exhaustive listing. */
export const suitesIndex = (models: readonly MachineModel<EventObject>[]): string => {
  const rows = models.map((model) => suiteFigures(model));
  return [
    '# Suites de couverture',
    '',
    'Pour chaque machine, les chemins les moins nombreux qui prennent ensemble chaque transition, en étapes à suivre sur la page avec ce qu’on doit y voir. Écrit par `npm run paths -- --all` ; pas versionné : la commande récrit ces fichiers tels que les machines les donnent.',
    '',
    '| Machine | Chemins | Étapes | Transitions prises | Exhaustif : chemins | Exhaustif : étapes | Fichiers |',
    '|---|--:|--:|--:|--:|--:|---|',
    ...rows.map(
      (row) =>
        `| ${row.machine} | ${row.paths} | ${row.steps} | ${row.transitionsTaken} / ${row.transitions} | ${row.exhaustivePaths} | ${row.exhaustiveSteps} | [md](${row.machine}.md) · [Gherkin](${row.machine}.feature) · [CSV](${row.machine}.csv) |`,
    ),
    '',
  ].join('\n');
};
