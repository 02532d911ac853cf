import type { EventObject } from 'xstate';
import { stateIds, transitionIds, unwalked } from './coverage';
import { describeState, pathsOf, type MachineModel, type StepLanguage } from './machine-model';

/** The formats `npm run paths` writes. */
export type PathFormat = 'text' | 'json' | 'md';

interface ReportStep {
  readonly step: number;
  readonly action: string;
  readonly expected: string;
}

interface ReportPath {
  readonly path: number;
  readonly kind: 'state' | 'transition';
  readonly start: string;
  readonly steps: readonly ReportStep[];
}

const LABELS = {
  fr: {
    quote: (text: string) => `« ${text} »`,
    colon: ' :',
    paths: 'chemins',
    states: 'états',
    transitions: 'transitions',
    start: 'Au départ',
    expected: 'attendu',
    path: 'Chemin',
    toState: 'vers un état',
    toTransition: 'pour une transition',
    machine: 'Machine',
    unwalked: 'non parcourus',
  },
  en: {
    quote: (text: string) => `“${text}”`,
    colon: ':',
    paths: 'paths',
    states: 'states',
    transitions: 'transitions',
    start: 'At the start',
    expected: 'expected',
    path: 'Path',
    toState: 'to a state',
    toTransition: 'for a transition',
    machine: 'Machine',
    unwalked: 'not walked',
  },
} as const;

/** The paths of a machine as numbered human steps, each with the state expected after it. */
export const reportPaths = <E extends EventObject>(model: MachineModel<E>, language: StepLanguage): ReportPath[] =>
  pathsOf(model).map((path, index) => ({
    path: index + 1,
    kind: path.kind,
    start: describeState(model, path.steps[0]!.snapshot, language),
    steps: path.steps.slice(1).map((step, stepIndex) => ({
      step: stepIndex + 1,
      action: model.describeEvent(step.event, language, path.steps[stepIndex]!.snapshot),
      expected: describeState(model, step.snapshot, language),
    })),
  }));

/** The paths of a machine, written out in a format. */
export const renderPaths = <E extends EventObject>(model: MachineModel<E>, format: PathFormat, language: StepLanguage): string => {
  const paths = reportPaths(model, language);
  if (format === 'json') return `${JSON.stringify({ machine: model.name, language, paths }, null, 2)}\n`;
  const l = LABELS[language];
  const missing = unwalked(model.model, pathsOf(model));
  const summary = `${l.machine} ${l.quote(model.name)}${l.colon} ${paths.length} ${l.paths}, ${stateIds(model.model).length} ${l.states}, ${transitionIds(model.model).length} ${l.transitions}; ${l.unwalked}${l.colon} ${missing.states.length + missing.transitions.length}`;
  const kind = (path: ReportPath): string => (path.kind === 'state' ? l.toState : l.toTransition);
  if (format === 'md') {
    return [
      `# ${summary}`,
      '',
      language === 'fr'
        ? 'Écrit par `npm run paths -- --all` depuis les machines ; pas versionné : la commande le récrit tel que les machines le donnent.'
        : 'Written by `npm run paths -- --all` from the machines; not kept in git: the command writes it afresh from what they give.',
      '',
      language === 'fr'
        ? `Diagramme d’états de la machine : [../machines/${model.name}.md](../machines/${model.name}.md).`
        : `The machine's state diagram: [../machines/${model.name}.md](../machines/${model.name}.md).`,
      '',
      ...paths.flatMap((path) => [
        `## ${l.path} ${path.path} (${kind(path)})`,
        '',
        `${l.start}${l.colon} ${path.start}`,
        '',
        ...path.steps.map((step) => `${step.step}. ${step.action} — ${l.expected}${l.colon} ${step.expected}`),
        '',
      ]),
    ].join('\n');
  }
  return [
    summary,
    '',
    ...paths.flatMap((path) => [
      `${l.path} ${path.path} (${kind(path)})`,
      `   ${l.start}${l.colon} ${path.start}`,
      ...path.steps.map((step) => `   ${step.step}. ${step.action}\n      → ${l.expected}${l.colon} ${step.expected}`),
      '',
    ]),
  ].join('\n');
};
