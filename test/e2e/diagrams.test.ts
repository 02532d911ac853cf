import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { setup } from 'xstate';
import { machineNames, mermaidText } from '../model/diagram';
import { launchBrowser } from '../support/browser';

jest.setTimeout(120_000);

const DOCS_DIR = join(__dirname, '../../docs/machines');
const MERMAID_SCRIPT = join(__dirname, '../../node_modules/mermaid/dist/mermaid.min.js');

const mermaidBlocks = (markdown: string): string[] => [...markdown.matchAll(/```mermaid\n([\s\S]*?)\n```/g)].map((match) => match[1]!);

let browser: Browser | undefined;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage();
  await page.goto('about:blank');
  await page.addScriptTag({ path: MERMAID_SCRIPT });
});

afterAll(async () => {
  await browser?.close();
});

/** What Mermaid draws of a diagram: its SVG, or the message it fails with. */
const render = (text: string): Promise<{ readonly svg: string } | { readonly error: string }> =>
  page.evaluate(async (diagram) => {
    const mermaid = (window as unknown as { mermaid: { initialize: (config: object) => void; render: (id: string, text: string) => Promise<{ svg: string }> } })
      .mermaid;
    mermaid.initialize({ startOnLoad: false });
    try {
      return { svg: (await mermaid.render(`diagram${Math.random().toString(36).slice(2)}`, diagram)).svg };
    } catch (error) {
      return { error: String(error) };
    }
  }, text);

// Parsing (test/model/diagrams.test.ts) passes diagrams that Mermaid's layout then fails to draw.
describe('the drawing of the state diagrams', () => {
  it.each(machineNames())('draws every diagram of docs/machines/%s.md, each state with its title', async (name) => {
    for (const block of mermaidBlocks(readFileSync(join(DOCS_DIR, `${name}.md`), 'utf8'))) {
      const drawn = await render(block);
      if ('error' in drawn) throw new Error(`Mermaid does not draw a diagram of docs/machines/${name}.md: ${drawn.error}`);
      const titles = [...block.matchAll(/state "([^"]+)" as/g)].map((match) => match[1]!);
      expect(titles.filter((title) => !drawn.svg.includes(`<p>${title}</p>`))).toEqual([]);
    }
  });

  it('draws an arrow into a composite state nested in a region, which Mermaid cannot end on its border', async () => {
    const machine = setup({}).createMachine({
      id: 'nested',
      type: 'parallel',
      states: {
        a: {
          initial: 'idle',
          states: { idle: { on: { GO: 'busy' } }, busy: { initial: 'one', states: { one: {}, two: {} } } },
        },
        b: {},
      },
    });
    const text = mermaidText(machine);
    expect(text).toContain('nested__a__idle --> nested__a__busy__one : GO');
    expect(Object.keys(await render(text))).toEqual(['svg']);
    // The same arrow ended on the composite state's border: mermaid-js/mermaid#4052.
    const onBorder = text.replace('nested__a__idle --> nested__a__busy__one', 'nested__a__idle --> nested__a__busy');
    expect(await render(onBorder)).toEqual({ error: "TypeError: Cannot set properties of undefined (setting 'rank')" });
  });
});
