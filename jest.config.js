// One Jest run, three projects: pure code in Node, React views in jsdom, the built site in Chromium.
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
    },
    module: { type: 'commonjs' },
  },
];

const shared = {
  transform: { '^.+\\.(t|j)sx?$|^.+\\.mjs$': swc },
  // These packages ship ES modules only.
  transformIgnorePatterns: [
    '/node_modules/(?!(@statelyai/inspect|partysocket|isomorphic-ws|superjson|copy-anything|is-what|safe-stable-stringify|vcard-creator|content-disposition|cookie|@formatjs|intl-messageformat|feed|marked)/)',
  ],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'json'],
  // Style sheets are Parcel's business; in tests an import of one is empty.
  moduleNameMapper: { '\\.css$': '<rootDir>/test/support/empty-module.js' },
  // Idle unless FUZZ_RUNS is set (`npm run fuzz`): then it raises every property's cases and records each run.
  setupFiles: ['<rootDir>/test/support/fuzz-setup.ts'],
};

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      ...shared,
      displayName: 'node',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/{unit,property,model,server}/**/*.test.ts'],
    },
    {
      ...shared,
      displayName: 'jsdom',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/test/**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/test/support/jsdom-setup.ts'],
    },
    {
      ...shared,
      displayName: 'e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
    },
  ],
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
};
