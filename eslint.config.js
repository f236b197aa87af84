import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The browser must never pull in server code (STYLE: split by runtime).
const noServer = {
  group: ['**/server/**', '@marquee/server'],
  message: 'Client and shared code must not import server code.',
};
const noFeatures = {
  group: ['**/features/**', '**/app/**'],
  message: 'Shared UI and lib never import a feature or the app: dependencies flow shared → features → app.',
};
const noApp = { group: ['**/app/**'], message: 'A feature never imports the app layer.' };
// A feature reaches another only through its public surface: its api/ calls and its use-*.ts hooks,
// never its components or other internals (bulletproof-react's zones, STYLE.md).
const otherFeature = (up) => ({
  // `up` then a feature's name (not `..`), then its components/ or a top-level file not named use-*.
  regex: `^${up.replaceAll('.', '\\.')}[^./][^/]*/(components/|(?!use-)[^/]+\\.tsx?$)`,
  message: 'Import another feature only through its api/ or use-*.ts; compose features in the app layer.',
});

function clientBoundaries() {
  const restrict = (files, ...patterns) => ({
    files,
    rules: { 'no-restricted-imports': ['error', { patterns: [noServer, ...patterns] }] },
  });
  return [
    restrict(['client/**/*.{ts,tsx}', 'shared/**/*.ts']),
    restrict(['client/src/components/**/*.{ts,tsx}', 'client/src/lib/**/*.{ts,tsx}'], noFeatures),
    restrict(['client/src/features/*/*.{ts,tsx}'], noApp, otherFeature('../')),
    restrict(['client/src/features/*/*/**/*.{ts,tsx}'], noApp, otherFeature('../../')),
  ];
}

// On the server too: a feature (server/src/features/NAME) is used by the app and by other
// features through its index.ts only (issue 26). Tests may reach into any feature.
const featureEntry = (regex) => ({
  regex,
  message: 'Import another feature through its index.ts (its public entry), never its other files.',
});

function serverBoundaries() {
  const restrict = (files, pattern) => ({
    files,
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [pattern] }] },
  });
  return [
    // From a feature's own folder, `../NAME/…` is another feature.
    restrict(['server/src/features/*/*.ts'], featureEntry('^\\.\\./[^./][^/]*/(?!index\\.ts$)')),
    restrict(['server/src/features/*/*/**/*.ts'], featureEntry('^\\.\\./\\.\\./[^./][^/]*/(?!index\\.ts$)')),
    // Elsewhere on the server (the app, plugins, the simulator, the command lines): …/features/NAME/….
    {
      ...restrict(['server/src/**/*.ts'], featureEntry('(^|/)features/[^/]+/(?!index\\.ts$)')),
      ignores: ['**/*.test.ts', 'server/src/features/**'],
    },
    // The layers under the features import none of them: the database and the library (last, so this
    // rule, not the one above, is what applies to their files).
    restrict(['server/src/db/**/*.ts', 'server/src/lib/**/*.ts'], {
      group: ['**/features/**'],
      message: 'db/ and lib/ sit under the features and import none of them (docs/architecture.md).',
    }),
  ];
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'server/drizzle/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['client/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
    rules: { '@typescript-eslint/no-unused-vars': 'off' },
  },
  { files: ['client/public/sw.js'], languageOptions: { globals: { ...globals.serviceworker } } },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...clientBoundaries(),
  ...serverBoundaries(),
);
