// `npm run lint`: typescript-eslint (strict and stylistic, type-aware), the rules of hooks, jsx-a11y, and the
// direction of imports between the layers. Prettier owns the layout, so eslint-config-prettier comes last.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Imports run one way: views → machines → services → domain (i18n may read the domain); the server reads the
// domain only, except server/render, which runs the widgets' render entries. test/unit/import-direction.test.ts
// holds the same table and also sees dynamic import(), which this rule does not.
const direction = (layer, message, groups, packages = []) => ({
  files: [`${layer}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: groups, message: `${message} (imports run views → machines → services → domain).` },
          ...(packages.length === 0
            ? []
            : [
                {
                  group: packages.flatMap((name) => [name, `${name}/*`]),
                  message: `${layer} does not use this package: it belongs to the layers above (views → machines → services → domain).`,
                },
              ]),
        ],
      },
    ],
  },
});
const uiPackages = ['react', 'react-dom', '@xstate/react'];
// src/main.ts is the pages' entry, outside every layer: no layer imports it.
const outsideLayers = ['**/main', '**/main.ts'];
// The seed, the import and their generators (demo content, sharp's images): run before the server, never loaded by it.
const serverOperations = ['**/operations/**'];

export default defineConfig(
  // Built, installed or generated: not the code's own text.
  globalIgnores([
    'dist/',
    'build/',
    'dev-dist/',
    '.parcel-cache/',
    'node_modules/',
    'coverage/',
    'reports/',
    '.stryker-tmp/',
    'src/i18n/compiled/',
    'docs/',
    'test-results/',
  ]),
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    rules: {
      // With noUncheckedIndexedAccess on (tsconfig.json), `list[i]!` is how the code says it knows the index is
      // there, and the compiler makes it say so; the rule would flag each of those as if it were a shortcut.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // A number in a template prints as the number; the other types (objects, null, undefined) stay flagged.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // The code reads `process.env['PORT']` and other index-signature keys with brackets, as
      // noPropertyAccessFromIndexSignature would ask: the brackets say the key may be absent.
      '@typescript-eslint/dot-notation': ['error', { allowIndexSignaturePropertyAccess: true }],
      // `(code) => resolve(code)` and `() => send({ type: 'CLEAR' })` are callbacks whose result nobody reads;
      // braces around each one would add lines and say nothing more.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // As tsconfig.json's noUnusedParameters has it: a parameter named `_…` is there for its position or its type
      // (an XState action's params), and `const { [key]: _dropped, ...rest }` is how an object loses a key.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // `async` without `await` is deliberate here: it turns a throw into a rejection (Fastify hooks, jsonld's
      // document loader), makes React's act() wait for effects, and implements Promise-returning interfaces in test
      // doubles. A forgotten `await`, the mistake behind the rule, is what no-floating-promises catches.
      '@typescript-eslint/require-await': 'off',
      // `void` is how XState, and this code, say that an actor takes no input: `fromEventObservable<E, void>`. The
      // rule accepts void as a type's argument (`Promise<void>`) but not as a call's.
      '@typescript-eslint/no-invalid-void-type': 'off',
      // An empty title or place is no value: `title.trim() || 'Sans titre'` says so, where `??` would keep the ''.
      '@typescript-eslint/prefer-nullish-coalescing': ['error', { ignorePrimitives: { string: true } }],
      // The control characters in these patterns are the point: queries, links and iCalendar lines are checked
      // for them, and the patterns spell each one as an escape.
      'no-control-regex': 'off',
      // Spreading a string gives its code points, which is what the code means where it does so (lengths as
      // PostgreSQL and JSON Schema count them, a feed token's characters); the rule's other checks stay.
      '@typescript-eslint/no-misused-spread': ['error', { allow: [{ from: 'lib', name: 'string' }] }],
    },
  },
  {
    // The JavaScript files (build scripts, Jest's and Stryker's configurations, the plain-DOM benchmark baseline)
    // are outside tsconfig.json, so they get the rules that need no types.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ignores: ['bench/plain-directory/**'],
    languageOptions: { globals: globals.node },
  },
  {
    // package.json has no "type": "module", so a .js file is CommonJS, where require() is how a file imports.
    files: ['**/*.{js,cjs}'],
    ignores: ['bench/plain-directory/**'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // A classic script the benchmark page loads with <script src>, in the browser.
    files: ['bench/plain-directory/*.js'],
    languageOptions: { sourceType: 'script', globals: globals.browser },
  },
  {
    files: ['**/*.tsx', 'src/views/**/*.ts'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
  },
  {
    // For TypeScript the compiler resolves every name (typescript-eslint turns no-undef off there); these globals
    // are for a JavaScript file that lands in one of these folders.
    files: ['server/**', 'scripts/**', 'bench/**'],
    ignores: ['bench/plain-directory/**'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['test/**'],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
  },

  direction(
    'src/domain',
    'src/domain reads src/domain only',
    ['**/services/**', '**/machines/**', '**/views/**', '**/i18n/**', '**/server/**', ...outsideLayers],
    [...uiPackages, 'xstate', 'rxjs'],
  ),
  direction('src/i18n', 'src/i18n reads src/i18n and src/domain only', ['**/services/**', '**/machines/**', '**/views/**', '**/server/**', ...outsideLayers]),
  direction(
    'src/services',
    'src/services reads src/services and src/domain only',
    ['**/machines/**', '**/views/**', '**/i18n/**', '**/server/**', ...outsideLayers],
    uiPackages,
  ),
  direction(
    'src/machines',
    'src/machines reads src/machines, src/services, src/i18n and src/domain only',
    ['**/views/**', '**/server/**', ...outsideLayers],
    uiPackages,
  ),
  direction('src/views', 'src/views reads src/views, src/machines, src/services, src/i18n and src/domain only', ['**/server/**', ...outsideLayers]),
  {
    // A feature's folder of src/views is its own: another feature uses it only through the shared parts (shared/)
    // and the render entries (entries/), never by reaching into its files. Same rule as the block above, so its
    // patterns are repeated here: a later block replaces the options of the same rule.
    files: ['src/views/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', ...outsideLayers],
              message: 'src/views reads src/views, src/machines, src/services, src/i18n and src/domain only (imports run views → machines → services → domain).',
            },
            {
              regex: '^\\.\\./(?!shared/|entries/|\\.\\./)[^/]+/',
              message: 'A feature folder of src/views reads another only through src/views/shared/ and src/views/entries/.',
            },
          ],
        },
      ],
    },
  },
  // A gitignore pattern cannot re-include a file under an excluded folder, so src/'s children are excluded one level down.
  // Within server/, storage (data/) reads no other folder, the caches read storage, and the seed with its generators
  // (operations/) stays out of the production server (server/main.ts, http/, render/).
  direction('server', 'server/main.ts reads server/ and src/domain only, never server/operations', ['**/src/*', '!**/src/domain', ...serverOperations]),
  // Each folder's own block after server/'s, since a later block replaces the options of the same rule.
  direction('server/http', 'server/http reads server/ and src/domain only, never server/operations', ['**/src/*', '!**/src/domain', ...serverOperations]),
  direction('server/cache', 'server/cache reads server/cache, server/data and src/domain only', [
    '**/src/*',
    '!**/src/domain',
    '**/http/**',
    '**/render/**',
    ...serverOperations,
  ]),
  direction('server/data', 'server/data reads server/data and src/domain only', [
    '**/src/*',
    '!**/src/domain',
    '**/http/**',
    '**/render/**',
    '**/cache/**',
    ...serverOperations,
  ]),
  direction('server/operations', 'server/operations reads server/operations, server/data and src/domain only', [
    '**/src/*',
    '!**/src/domain',
    '**/http/**',
    '**/render/**',
    '**/cache/**',
  ]),
  direction('server/profile', 'server/profile reads server/profile, server/settings.ts and src/domain only', [
    '**/src/*',
    '!**/src/domain',
    '**/http/**',
    '**/render/**',
    '**/cache/**',
    '**/data/**',
    '**/open-data/**',
    ...serverOperations,
  ]),
  direction('server/render', 'server/render reads server/, src/views, src/services, src/i18n and src/domain only, never server/operations', [
    '**/src/*',
    '!**/src/domain',
    '!**/src/views',
    '!**/src/services',
    '!**/src/i18n',
    ...serverOperations,
  ]),

  prettier,
);
