import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { and, assign, fromPromise, not, setup } from 'xstate';
import { REGIONS_APART_FROM, diagramsIndex, loadMachine, loadMachines, machineDiagram, machineNames, mermaidText } from './diagram';

const DOCS_DIR = join(__dirname, '../../docs/machines');
const MERMAID_SCRIPT = join(__dirname, '../../node_modules/mermaid/dist/mermaid.min.js');

const mermaidBlocks = (markdown: string): string[] => [...markdown.matchAll(/```mermaid\n([\s\S]*?)\n```/g)].map((match) => match[1]!);

/** A small machine with each thing a diagram draws: named and combined guards, parameters, regions, an invocation, an eventless and a delayed transition, a final state. */
const sampleMachine = setup({
  types: { context: {} as { level: string }, events: {} as { type: 'SUBMIT' } | { type: 'RESET' } | { type: 'TICK' } },
  actors: { sendForm: fromPromise(() => Promise.resolve('sent')) },
  guards: { isValid: () => true, isLocked: () => false, isDone: () => true },
  actions: { markDirty: () => undefined, notify: assign({ level: (_, params: { level: string }) => params.level }), clear: () => undefined },
  delays: { PATIENCE: 300 },
}).createMachine({
  id: 'sample',
  type: 'parallel',
  context: { level: '' },
  states: {
    form: {
      initial: 'editing',
      tags: ['busy'],
      states: {
        editing: {
          entry: 'markDirty',
          on: {
            SUBMIT: { guard: and(['isValid', not('isLocked')]), target: 'sending', actions: [{ type: 'notify', params: { level: 'info' } }, assign({})] },
            TICK: { guard: ({ context }) => context.level === '', actions: () => undefined },
          },
          after: { 1000: { target: 'sending' }, PATIENCE: { guard: 'isValid', target: 'sending' } },
        },
        sending: {
          invoke: { src: 'sendForm', onDone: 'sent' },
          exit: 'clear',
        },
        sent: { always: { guard: 'isDone', target: 'done' } },
        done: { type: 'final' },
      },
    },
    log: {
      initial: 'idle',
      states: { idle: { on: { RESET: { target: 'idle', reenter: true, actions: 'clear' } } } },
    },
  },
});

describe('the state diagram of a machine', () => {
  const text = mermaidText(sampleMachine);
  const lines = text.split('\n').map((line) => line.trim());

  it('draws parallel regions side by side in their state, each with its initial state', () => {
    expect(lines).toEqual(
      expect.arrayContaining([
        'stateDiagram-v2',
        'state "sample (parallèle)" as sample {',
        'state "form · tags busy" as sample__form {',
        '[*] --> sample__form__editing',
        '--',
        'state "log" as sample__log {',
        '[*] --> sample__log__idle',
      ]),
    );
    const regions = lines.indexOf('state "log" as sample__log {');
    expect(lines[regions - 1]).toBe('--');
  });

  it('labels transitions with their event, their guard and their actions by the names setup() gives them', () => {
    expect(lines).toContain(
      'sample__form__editing --> sample__form__sending : SUBMIT [and(isValid, not(isLocked))] / notify(level=info), inline assign<br/>after 1000 ms<br/>after PATIENCE [isValid]',
    );
  });

  it('shows a targetless transition and a re-entering one as loops, an inline guard and action as such', () => {
    expect(lines).toContain('sample__form__editing --> sample__form__editing : TICK [inline] / inline');
    expect(lines).toContain('sample__log__idle --> sample__log__idle : RESET / clear ↻');
  });

  it('names the invocation, the entry and exit actions, and labels the completion of the invocation', () => {
    expect(lines).toEqual(
      expect.arrayContaining(['sample__form__editing : entry / markDirty', 'sample__form__sending : exit / clear', 'sample__form__sending : invoke sendForm']),
    );
    expect(lines).toContain('sample__form__sending --> sample__form__sent : onDone sendForm');
  });

  it('draws an eventless transition and a final state', () => {
    expect(lines).toContain('sample__form__sent --> sample__form__done : always [isDone]');
    expect(lines).toContain('sample__form__done --> [*]');
  });

  it('writes a document with the diagram, naming the test paths and the suite that npm run paths -- --all writes beside it', () => {
    const document = machineDiagram('sample', sampleMachine);
    expect(document).toContain('# Machine « sample » : 7 états, 7 transitions');
    // Not links: those documents are not kept in git, and a link to them would lead nowhere in a fresh clone.
    expect(document).toContain('`docs/test-paths/sample.md`, sa suite de couverture dans `docs/test-suite/sample.md` : `npm run paths -- --all` les écrit');
    expect(document).not.toContain('](../test-');
    expect(mermaidBlocks(document)).toEqual([text]);
  });

  it('draws each region of a large machine apart as well, after the whole', () => {
    const events = Array.from({ length: REGIONS_APART_FROM }, (_, index) => `EVENT_${index}`);
    const machine = setup({}).createMachine({
      id: 'large',
      type: 'parallel',
      states: {
        many: { initial: 'one', states: { one: { on: Object.fromEntries(events.map((event) => [event, 'two'])) }, two: {} } },
        few: { initial: 'off', states: { off: { on: { SWITCH: 'on' } }, on: {} } },
      },
    });
    const document = machineDiagram('large', machine);
    expect(document).toContain('## Région « many »');
    expect(mermaidBlocks(document)).toEqual([mermaidText(machine), mermaidText(machine, machine.root.states.many), mermaidText(machine, machine.root.states.few)]);
  });

  it('draws a target outside the region as a state named by its path', () => {
    const machine = setup({}).createMachine({
      type: 'parallel',
      states: {
        a: { initial: 'x', states: { x: { on: { GO: '#m.b.y' } } } },
        b: { initial: 'y', states: { y: {} } },
      },
      id: 'm',
    });
    const region = mermaidText(machine, machine.root.states.a).split('\n');
    expect(region).toContain('  state "b.y (hors de a)" as m__b__y');
    expect(region).toContain('  m__a__x --> m__b__y : GO');
  });
});

describe('the checked-in state diagrams', () => {
  it('has one document a machine of src/machines, and their index', () => {
    const documents = readdirSync(DOCS_DIR).filter((file) => file.endsWith('.md'));
    expect(documents.sort()).toEqual(['README.md', ...machineNames().map((name) => `${name}.md`)].sort());
  });

  it.each(machineNames())('docs/machines/%s.md is what the machine gives (npm run paths -- --diagrams)', async (name) => {
    expect(readFileSync(join(DOCS_DIR, `${name}.md`), 'utf8')).toBe(machineDiagram(name, await loadMachine(name)));
  });

  it('docs/machines/README.md is what the machines give (npm run paths -- --diagrams)', async () => {
    expect(readFileSync(join(DOCS_DIR, 'README.md'), 'utf8')).toBe(diagramsIndex(await loadMachines()));
  });
});

describe('the Mermaid text of the diagrams', () => {
  interface Mermaid {
    parse: (text: string) => Promise<unknown>;
  }
  let mermaid: Mermaid;
  let dom: JSDOM;

  beforeAll(() => {
    // Mermaid's bundle parses in a DOM window; rendering (layout) would need a browser.
    dom = new JSDOM('<!doctype html><body></body>', { runScripts: 'dangerously' });
    const script = dom.window.document.createElement('script');
    script.textContent = readFileSync(MERMAID_SCRIPT, 'utf8');
    dom.window.document.body.append(script);
    mermaid = (dom.window as unknown as { mermaid: Mermaid }).mermaid;
  });

  afterAll(() => dom.window.close());

  it.each(machineNames())('parses in every diagram of docs/machines/%s.md', async (name) => {
    const blocks = mermaidBlocks(readFileSync(join(DOCS_DIR, `${name}.md`), 'utf8'));
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) await expect(mermaid.parse(block)).resolves.toMatchObject({ diagramType: 'stateDiagram' });
  });

  it('parses in the diagrams of the sample machine', async () => {
    for (const block of mermaidBlocks(machineDiagram('sample', sampleMachine)))
      await expect(mermaid.parse(block)).resolves.toMatchObject({ diagramType: 'stateDiagram' });
  });

  it('rejects a broken diagram, so a passing parse means something', async () => {
    const text = mermaidText(sampleMachine);
    // A description line on a composite state, and an unclosed title: both refused by Mermaid.
    await expect(mermaid.parse(`${text}\n  sample__form : invoke sendForm`)).rejects.toThrow('Group nodes can only have label');
    await expect(mermaid.parse(text.replace('state "log" as', 'state "log as'))).rejects.toThrow('Parse error');
  });
});
