import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { StateMachine, type AnyStateMachine } from 'xstate';

type AnyNode = AnyStateMachine['root'];

interface Transition {
  readonly source: AnyNode;
  readonly targets: readonly AnyNode[];
  readonly label: string;
}

/** A machine of src/machines, named as its file is (`cart-prices` for `cart-prices-machine.ts`). */
export interface NamedMachine {
  readonly name: string;
  readonly machine: AnyStateMachine;
}

const MACHINES_DIR = join(__dirname, '../../src/machines');

/** The names of the machines of src/machines, from their files: `cart-prices` for `cart-prices-machine.ts`. */
export const machineNames = (): string[] =>
  readdirSync(MACHINES_DIR)
    .filter((file) => file.endsWith('-machine.ts'))
    .map((file) => file.replace(/-machine\.ts$/, ''))
    .sort();

/** The machine that src/machines/<name>-machine.ts exports, with its invocations. */
export const loadMachine = async (name: string): Promise<AnyStateMachine> => {
  const exports = (await import(join(MACHINES_DIR, `${name}-machine.ts`))) as Record<string, unknown>;
  const machines = Object.values(exports).filter((value): value is AnyStateMachine => value instanceof StateMachine);
  if (machines.length !== 1) throw new Error(`src/machines/${name}-machine.ts exports ${machines.length} machines; a diagram needs exactly one.`);
  return machines[0]!;
};

/** Every machine of src/machines, by name. */
export const loadMachines = async (): Promise<NamedMachine[]> => Promise.all(machineNames().map(async (name) => ({ name, machine: await loadMachine(name) })));

// Mermaid reads `:` and `;` as syntax in a label and `"` as the end of a state's title.
const clean = (text: string): string => text.replace(/"/g, "'").replace(/;/g, ',').replace(/:/g, '∶').replace(/\s+/g, ' ').trim();

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const valueText = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (typeof value === 'function') return 'inline';
  if (!isRecord(value)) return String(value);
  try {
    return JSON.stringify(value).replace(/"/g, '');
  } catch {
    // A value that refers to itself has no text; a diagram still has to come out.
    return 'object';
  }
};

const paramsText = (params: unknown): string => {
  if (params === undefined) return '';
  if (typeof params === 'function') return '(inline)';
  if (isRecord(params) && !Array.isArray(params)) {
    return `(${Object.entries(params)
      .map(([key, value]) => `${key}=${valueText(value)}`)
      .join(', ')})`;
  }
  return `(${valueText(params)})`;
};

/**
 * A guard as the machine names it: a name of `setup()`, `{ type, params }`, the `and`, `or`
 * and `not` combinators over those, `stateIn`, or `inline` for a function written in place.
 */
export const guardText = (guard: unknown): string => {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    // XState's combinators are functions named after themselves that carry their operands.
    const operands: unknown = (guard as { guards?: unknown }).guards;
    if (Array.isArray(operands) && ['and', 'or', 'not'].includes(guard.name)) return `${guard.name}(${operands.map(guardText).join(', ')})`;
    const stateValue: unknown = (guard as { stateValue?: unknown }).stateValue;
    if (stateValue !== undefined) return `stateIn(${valueText(stateValue)})`;
    return 'inline';
  }
  if (isRecord(guard) && typeof guard.type === 'string') return `${guard.type}${paramsText(guard.params)}`;
  return 'inline';
};

/** An action as the machine names it: a name of `setup()`, `{ type, params }`, or `inline` (with the built-in it is, if any). */
export const actionText = (action: unknown): string => {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    // assign(), raise(), sendTo()… written in place carry their kind as `xstate.assign` and so on.
    const kind: unknown = (action as { type?: unknown }).type;
    return typeof kind === 'string' ? `inline ${kind.replace(/^xstate\./, '')}` : 'inline';
  }
  if (isRecord(action) && typeof action.type === 'string') return `${action.type}${paramsText(action.params)}`;
  return 'inline';
};

const invokeText = (node: AnyNode): string[] =>
  node.invoke.map((definition, index) => {
    const src = typeof definition.src === 'string' ? definition.src : 'inline';
    // XState numbers an invocation that has no id of its own; only a chosen id is worth showing.
    return definition.id === `${index}.${node.id}` || definition.id === src ? `invoke ${src}` : `invoke ${src} as ${definition.id}`;
  });

const eventText = (node: AnyNode, eventType: string, delays: ReadonlyMap<string, unknown>): string => {
  if (delays.has(eventType)) {
    const delay = delays.get(eventType);
    return typeof delay === 'number' ? `after ${delay} ms` : `after ${valueText(delay)}`;
  }
  for (const [prefix, name] of [
    ['xstate.done.actor.', 'onDone'],
    ['xstate.error.actor.', 'onError'],
  ] as const) {
    if (!eventType.startsWith(prefix)) continue;
    const invoked = node.invoke.find((definition) => definition.id === eventType.slice(prefix.length));
    return invoked ? `${name} ${typeof invoked.src === 'string' ? invoked.src : 'inline'}` : eventType;
  }
  if (eventType === `xstate.done.state.${node.id}`) return 'onDone';
  return eventType;
};

interface Definition {
  readonly target?: readonly AnyNode[] | undefined;
  readonly guard?: unknown;
  readonly actions: readonly unknown[];
  readonly reenter: boolean;
}

const transitionLabel = (event: string, definition: Definition): string =>
  [
    event,
    definition.guard === undefined ? '' : ` [${guardText(definition.guard)}]`,
    definition.actions.length === 0 ? '' : ` / ${definition.actions.map(actionText).join(', ')}`,
    definition.reenter ? ' ↻' : '',
  ].join('');

/** The transitions of one state node, in the order it declares them: its events (delays among them), then its eventless ones. */
const transitionsOf = (node: AnyNode): Transition[] => {
  const delays = new Map<string, unknown>(node.after.map((definition) => [definition.eventType, definition.delay]));
  const evented = [...node.transitions.entries()].flatMap(([eventType, definitions]) =>
    definitions.map((definition) => ({ definition, event: eventText(node, eventType, delays) })),
  );
  const eventless = (node.always ?? []).map((definition) => ({ definition, event: 'always' }));
  return [...evented, ...eventless].map(({ definition, event }) => ({
    source: node,
    targets: definition.target ?? [],
    label: clean(transitionLabel(event, definition as Definition)),
  }));
};

const childrenOf = (node: AnyNode): AnyNode[] => Object.values<AnyNode>(node.states);

/**
 * The atomic states that entering a state enters by default. Mermaid fails to draw an arrow
 * that ends on the border of a nested composite state (mermaid-js/mermaid#4052), so such an
 * arrow ends on these instead, which is where the machine goes.
 */
const entered = (node: AnyNode): AnyNode[] => {
  if (node.type === 'parallel') return childrenOf(node).flatMap(entered);
  if (node.type === 'compound') return node.initial.target.flatMap(entered);
  return [node];
};

const nodesOf = (node: AnyNode): AnyNode[] => [node, ...childrenOf(node).flatMap(nodesOf)];

/** Mermaid ids by state node: the path, which a state's key alone would not keep unique. */
const mermaidIds = (root: AnyNode): Map<AnyNode, string> => {
  const ids = new Map<AnyNode, string>();
  const taken = new Set<string>();
  for (const node of nodesOf(root)) {
    // `__` between keys: Mermaid names a composite's start and end circles `<id>_start` and `<id>_end`.
    const base = [root.key, ...node.path].map((key) => key.replace(/[^A-Za-z0-9]/g, '_')).join('__');
    let id = base;
    for (let suffix = 2; taken.has(id); suffix += 1) id = `${base}_${suffix}`;
    taken.add(id);
    ids.set(node, id);
  }
  return ids;
};

// The actions as written: XState adds to a state's `entry` and `exit` the raise and cancel of each of its `after` timers.
const writtenActions = (kind: 'entry' | 'exit', actions: unknown): string[] => {
  const list: readonly unknown[] = actions === undefined ? [] : Array.isArray(actions) ? actions : [actions];
  return list.length === 0 ? [] : [`${kind} / ${list.map(actionText).join(', ')}`];
};

/** What a state does besides its transitions: its entry and exit actions, its invocations, its tags. */
const notesOf = (node: AnyNode): string[] => [
  ...writtenActions('entry', node.config.entry),
  ...writtenActions('exit', node.config.exit),
  ...invokeText(node),
  ...(node.tags.length === 0 ? [] : [`tags ${node.tags.join(', ')}`]),
];

const titleOf = (node: AnyNode): string => {
  if (node.type === 'parallel') return `${node.key} (parallèle)`;
  if (node.type === 'history') {
    const target: unknown = (node.config as { target?: unknown }).target;
    return `${node.key} (${node.history === 'deep' ? 'H*' : 'H'}${target === undefined ? '' : `, sinon ${valueText(target)}`})`;
  }
  return node.key;
};

const structureLines = (node: AnyNode, ids: ReadonlyMap<AnyNode, string>, depth: number): string[] => {
  const pad = '  '.repeat(depth);
  const id = ids.get(node)!;
  const notes = notesOf(node).map(clean);
  const children = childrenOf(node);
  if (children.length === 0) {
    return [`${pad}state "${clean(titleOf(node))}" as ${id}`, ...notes.map((note) => `${pad}${id} : ${note}`)];
  }
  // Mermaid gives a composite state a title only, so what it does joins that title.
  const title = clean([titleOf(node), ...notes].join(' · '));
  const initial = node.type === 'parallel' ? [] : node.initial.target.flatMap(entered).map((target) => `${pad}  [*] --> ${ids.get(target)!}`);
  const body =
    node.type === 'parallel'
      ? children.flatMap((child, index) => [...(index === 0 ? [] : [`${pad}  --`]), ...structureLines(child, ids, depth + 1)])
      : children.flatMap((child) => structureLines(child, ids, depth + 1));
  const finals = children.filter((child) => child.type === 'final').map((child) => `${pad}  ${ids.get(child)!} --> [*]`);
  return [`${pad}state "${title}" as ${id} {`, ...initial, ...body, ...finals, `${pad}}`];
};

/** How many states (the root left out, as the path reports count them) and transitions (eventless ones included) a diagram draws. */
export const diagramCounts = (machine: AnyStateMachine): { states: number; transitions: number } => {
  const nodes = nodesOf(machine.root);
  return { states: nodes.length - 1, transitions: nodes.flatMap(transitionsOf).length };
};

const isWithin = (node: AnyNode, scope: AnyNode): boolean => node === scope || (node.parent !== undefined && isWithin(node.parent, scope));

/**
 * The Mermaid `stateDiagram-v2` text of a part of a machine (the whole machine by default):
 * its states nested as they are, then every transition that leaves one of them. A target
 * outside the part is drawn as a plain state named by its path.
 */
export const mermaidText = (machine: AnyStateMachine, scope: AnyStateMachine['root'] = machine.root): string => {
  const ids = mermaidIds(machine.root);
  const outside: AnyNode[] = [];
  // One arrow a pair of states, its transitions a line each: a fan of arrows between the same two states is unreadable.
  const edges = new Map<string, string[]>();
  for (const transition of nodesOf(scope).flatMap(transitionsOf)) {
    // A loop stays a loop: Mermaid draws one on a composite state.
    const targets =
      transition.targets.length === 0
        ? [transition.source]
        : transition.targets.flatMap((target) => (target === transition.source || !isWithin(target, scope) ? [target] : entered(target)));
    for (const target of targets) {
      if (!isWithin(target, scope) && !outside.includes(target)) outside.push(target);
      const key = `${ids.get(transition.source)!} --> ${ids.get(target)!}`;
      edges.set(key, [...(edges.get(key) ?? []), transition.label]);
    }
  }
  return [
    'stateDiagram-v2',
    ...structureLines(scope, ids, 1),
    ...outside.map((node) => `  state "${clean(`${node.path.join('.')} (hors de ${scope.key})`)}" as ${ids.get(node)!}`),
    // At the top level: an arrow written inside a composite would move both its ends into it.
    ...[...edges].map(([key, labels]) => `  ${key} : ${labels.join('<br/>')}`),
  ].join('\n');
};

/** How many transitions a machine with regions may have before its document draws each region apart as well. */
export const REGIONS_APART_FROM = 20;

const mermaidBlock = (text: string): string[] => ['```mermaid', text, '```', ''];

/** The Markdown document of one machine: a title, a legend, its diagram, then, for a large one that runs regions side by side, one diagram a region. */
export const machineDiagram = (name: string, machine: AnyStateMachine): string => {
  const root = machine.root;
  const counts = diagramCounts(machine);
  // Past some twenty arrows, regions side by side come out too small to read: each one is drawn again alone.
  const regions = root.type === 'parallel' && counts.transitions > REGIONS_APART_FROM ? childrenOf(root).filter((region) => childrenOf(region).length > 0) : [];
  return [
    `# Machine « ${name} » : ${counts.states} états, ${counts.transitions} transitions`,
    '',
    `Écrit par \`npm run paths -- --diagrams\` depuis \`src/machines/${name}-machine.ts\` ; un test échoue quand ce fichier diffère de ce que la machine donne. Les chemins que ses tests parcourent sont dans \`docs/test-paths/${name}.md\`, sa suite de couverture dans \`docs/test-suite/${name}.md\` : \`npm run paths -- --all\` les écrit (ils ne sont pas versionnés).`,
    '',
    'Lecture :',
    '',
    '- `[*] -->` montre l’état initial d’un état composé, `--> [*]` un état final ; les régions d’un état « (parallèle) » sont actives ensemble, séparées par des pointillés.',
    '- Une transition porte `ÉVÉNEMENT [garde] / action, action` ; gardes et actions ont le nom que leur donne `setup()`, leurs paramètres entre parenthèses, `inline` pour une fonction écrite sur place. Les transitions entre deux mêmes états partagent une flèche, une ligne chacune.',
    '- `always` : une transition sans événement, prise dès que sa garde le permet ; `after …` : une transition différée ; une boucle sur un état : une transition qui n’en sort pas (sans cible, ou vers lui-même sans `↻`) ; `↻` : une transition qui sort de son état cible et y entre de nouveau (`reenter`).',
    '- Une flèche vers un état composé aboutit aux états où elle entre (son état initial ; l’état initial de chaque région d’un état parallèle) : Mermaid ne sait pas la faire aboutir au bord d’un état composé imbriqué.',
    '- Dans un état : `entry /` et `exit /` ses actions d’entrée et de sortie, `invoke` l’acteur qu’il fait tourner tant qu’il est actif, `tags` ses étiquettes.',
    '',
    ...(regions.length > 1 ? ['## Vue d’ensemble', ''] : []),
    ...mermaidBlock(mermaidText(machine)),
    ...(regions.length > 1 ? regions.flatMap((region) => [`## Région « ${region.key} »`, '', ...mermaidBlock(mermaidText(machine, region))]) : []),
  ].join('\n');
};

/** The index of docs/machines: each machine with its counts, its diagram and its test paths. */
export const diagramsIndex = (machines: readonly NamedMachine[]): string =>
  [
    '# Diagrammes d’états des machines',
    '',
    'Écrit par `npm run paths -- --diagrams` depuis `src/machines/*-machine.ts` ; un test échoue quand un diagramme diffère de ce que les machines donnent.',
    '',
    // Only these diagrams are kept in git; the links of the table would lead nowhere in a clone that has not run the generator.
    'Les chemins de test (`docs/test-paths/`) et les suites de couverture (`docs/test-suite/` : Markdown, Gherkin, CSV et scripts Playwright) ne sont pas versionnés : `npm run paths -- --all` les écrit, ces diagrammes avec.',
    '',
    '| Machine | États | Transitions | Diagramme | Chemins de test | Suite de couverture |',
    '| --- | --: | --: | --- | --- | --- |',
    ...machines.map(({ name, machine }) => {
      const counts = diagramCounts(machine);
      return `| ${name} | ${counts.states} | ${counts.transitions} | [${name}.md](${name}.md) | \`docs/test-paths/${name}.md\` | \`docs/test-suite/${name}.md\` |`;
    }),
    '',
  ].join('\n');
