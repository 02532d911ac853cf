import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EventObject } from 'xstate';
import { diagramsIndex, machineDiagram, type NamedMachine } from './diagram';
import type { MachineModel } from './machine-model';
import { renderPaths } from './path-report';
import { renderSuite, suitesIndex } from './suite-report';

/** The files of a generated folder, by name, with their text. */
export type Documents = ReadonlyMap<string, string>;

/** docs/test-paths: every path the model tests walk, one document a machine. */
export const pathDocuments = (models: readonly MachineModel<EventObject>[]): Documents =>
  new Map(models.map((model) => [`${model.name}.md`, renderPaths(model, 'md', 'fr')] as const));

/** docs/test-suite: each machine's covering suite in Markdown, Gherkin and CSV, and their index. */
export const suiteDocuments = (models: readonly MachineModel<EventObject>[]): Documents =>
  new Map([
    ...models.flatMap((model) => [
      [`${model.name}.md`, renderSuite(model, 'md')] as const,
      [`${model.name}.feature`, renderSuite(model, 'gherkin')] as const,
      [`${model.name}.csv`, renderSuite(model, 'csv')] as const,
    ]),
    ['README.md', suitesIndex(models)] as const,
  ]);

/** docs/machines: a Mermaid diagram of each machine, and their index. */
export const diagramDocuments = (machines: readonly NamedMachine[]): Documents =>
  new Map([...machines.map(({ name, machine }) => [`${name}.md`, machineDiagram(name, machine)] as const), ['README.md', diagramsIndex(machines)] as const]);

/**
 * Writes the documents into `dir`, which then holds no other file: the document of a machine that is
 * gone goes with it. Folders are left alone (docs/test-suite/playwright is the scripts' to keep).
 */
export const writeDocuments = (dir: string, documents: Documents): string[] => {
  mkdirSync(dir, { recursive: true });
  for (const stale of readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isFile() && !documents.has(entry.name))) rmSync(join(dir, stale.name));
  return [...documents].map(([file, text]) => {
    writeFileSync(join(dir, file), text);
    return join(dir, file);
  });
};
