import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import boundaries from './eslint-rules/boundaries.js';
import authorization from './eslint-rules/authorization.js';

const cairn = { meta: { name: 'cairn' }, rules: { ...boundaries.rules, ...authorization.rules } };

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', '**/.data/**', 'api/drizzle/**', '**/coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // shared is pure and isomorphic: no env, no I/O, no app imports.
    files: ['shared/src/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', 'process', 'fetch', 'window', 'document'],
      'no-restricted-imports': ['error', { patterns: ['node:*', '@cairn/api*', '@cairn/web*'] }],
    },
  },
  {
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/config.ts'],
    plugins: { cairn },
    rules: {
      'cairn/api-module-boundaries': 'error',
      // Who may do what is decided in modules/access/ only.
      'cairn/api-role-checks': 'error',
      // config.ts is the only reader of process.env.
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through config.ts.' }],
      'no-restricted-imports': ['error', { patterns: ['@cairn/web*'] }],
      'no-restricted-syntax': [
        'error',
        { selector: "TSNonNullExpression > MemberExpression.expression[property.name='actor']", message: 'Use requiredActor(request.actor): it narrows the type and fails closed.' },
      ],
    },
  },
  {
    // The agent's game-server launchers, and the plugins tests load into them, are CommonJS scripts run as child processes.
    files: ['node-agent/launchers/**/*.cjs', 'node-agent/test/fixtures/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, cairn },
    rules: {
      'cairn/web-feature-boundaries': 'error',
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // The web never imports the API package (a feature's own `api/` folder is fine).
      'no-restricted-imports': ['error', { patterns: [{ group: ['@cairn/api*'] }, { regex: '^(\\.\\./)+api/(src|test|dist)(/|$)', message: 'The web talks to the API over HTTP only.' }] }],
    },
  },
);
