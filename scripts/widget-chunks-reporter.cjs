// A Parcel reporter: after each build it writes dist/widget-chunks.json, the files each widget's
// code is made of (its bundle group: its own chunk, the shared chunks it needs, its style sheet),
// by the widget's name, and the island runtime's. The server writes them into the page, so that
// the page's loader can prefetch a widget's code when the browser is idle (src/views/islands/widget-prefetch.ts).
const { writeFileSync } = require('node:fs');
const { basename, dirname, join } = require('node:path');
const { Reporter } = require('@parcel/plugin');

// The modules whose bundle groups the loader loads: each widget's entry, and the runtime that wakes them;
// and each part of the messages in each language (`messages:agenda:de`), which the loader fetches beside a widget's code.
const GROUP_ENTRY = /[/\\](?:([a-z-]+)-widget\.tsx?|(island-runtime)\.ts)$/;
const MESSAGE_PART = /[/\\]compiled[/\\]parts[/\\]([a-z]{2})-([a-z]+)\.json$/;

module.exports = new Reporter({
  report({ event }) {
    if (event.type !== 'buildSuccess') return;
    const graph = event.bundleGraph;
    const chunks = {};
    let distDir = null;
    for (const bundle of graph.getBundles()) {
      const entry = bundle.getMainEntry();
      if (entry === null || entry === undefined || bundle.type !== 'js') continue;
      const match = GROUP_ENTRY.exec(entry.filePath);
      const part = MESSAGE_PART.exec(entry.filePath);
      if (match === null && part === null) continue;
      const name = match !== null ? (match[1] ?? 'runtime') : `messages:${part[2]}:${part[1]}`;
      distDir = dirname(bundle.filePath);
      const files = new Set(chunks[name] ?? []);
      // A part's chunk is JSON alone: it needs no other file (the search's parts are also in the header's suggestions).
      if (part !== null) {
        chunks[name] = [`/${basename(bundle.filePath)}`];
        continue;
      }
      for (const group of graph.getBundleGroupsContainingBundle(bundle)) {
        for (const member of graph.getBundlesInBundleGroup(group)) files.add(`/${basename(member.filePath)}`);
      }
      chunks[name] = [...files].sort();
    }
    if (distDir !== null) writeFileSync(join(distDir, 'widget-chunks.json'), `${JSON.stringify(chunks, null, 2)}\n`);
  },
});
