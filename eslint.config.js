// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const serverModules = readdirSync(new URL('./apps/server/src/modules', import.meta.url), {
  withFileTypes: true,
})
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** The dependency rules of ARCHITECTURE.md, enforced so that nobody has to watch them. */
const boundaries = [
  // contracts -> zod and the pure fee engine (its validation is the fee schedule contract, decision 12);
  // billing -> decimal.js only
  {
    target: './packages/contracts',
    from: ['./apps'],
    message: 'contracts depend on zod and @centric/billing only',
  },
  {
    target: './packages/billing',
    from: ['./apps', './packages/contracts'],
    message: 'billing depends on decimal.js only',
  },
  // web -> contracts; server -> contracts, billing; the apps never import each other
  {
    target: './apps/web',
    from: ['./apps/server', './packages/billing'],
    message: 'web depends on contracts only',
  },
  { target: './apps/server', from: ['./apps/web'], message: 'the server never imports the web app' },
  // In web: shared folders import no feature
  {
    target: './apps/web/src/components',
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'shared UI imports no feature',
  },
  {
    target: './apps/web/src/lib',
    from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/components'],
    message: 'lib imports no feature',
  },
  // In web: features never import each other (each feature folder may import only itself)
  ...readdirSync('./apps/web/src/features', { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => ({
      target: `./apps/web/src/features/${d.name}`,
      from: './apps/web/src/features',
      except: [`./${d.name}`],
      message: 'features never import other features; compose them in app/routes',
    })),
  {
    target: './apps/web/src/features',
    from: './apps/web/src/app',
    message: 'features do not import the app layer',
  },
  // In the server: a module uses another only through its service, handed in by app.ts (docs/architecture.md)
  ...serverModules.map((name) => ({
    target: `./apps/server/src/modules/${name}`,
    from: serverModules
      .filter((other) => other !== name)
      .flatMap((other) => [
        `./apps/server/src/modules/${other}/**/*.repository.ts`,
        `./apps/server/src/modules/${other}/**/*.routes.ts`,
      ]),
    message:
      "a module never imports another module's repository or routes: use its service, passed in by app.ts; what several modules need lives in platform/",
  })),
  {
    // Tests may build the whole app; a module's own code is wired by app.ts, never the other way round.
    target: ['./apps/server/src/modules/*/*.ts', './apps/server/src/modules/*/!(__tests__)/**/*.ts'],
    from: './apps/server/src/app.ts',
    message: 'a module never imports app.ts: app.ts passes in what the module needs',
  },
  {
    target: './apps/server/src/platform',
    from: './apps/server/src/modules',
    message: 'platform/ serves every module and imports none',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.tmp/**',
      'apps/server/migrations/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { import: importPlugin, 'check-file': checkFile },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    settings: {
      'import/resolver': {
        typescript: {
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        },
      },
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // The import rules parse only the repository's own modules, not the dependencies' type declarations.
      'import/ignore': ['node_modules'],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import/no-restricted-paths': ['error', { zones: boundaries }],
      'import/no-default-export': 'error',
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '{apps,packages}/**/src/**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Tools' configuration files must export a default.
    files: ['**/*.config.{ts,js,mjs,cjs}', 'eslint.config.js', 'e2e/global-setup.ts'],
    rules: { 'import/no-default-export': 'off' },
  },
  {
    files: ['**/__tests__/**', '**/test/**', '**/*.test.{ts,tsx}', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'check-file/folder-naming-convention': 'off' },
  },
);
