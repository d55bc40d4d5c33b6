// What the linter holds the code to: typescript-eslint's type-checked recommended rules, and in the service's own code
// (ASSERTIONS_EXPLAINED) no type assertion (`as T`) or non-null assertion (`x!`) without a reason beside it, given as
// the description of the eslint-disable comment that allows it. A schema, a type guard or a narrower type says the
// same thing in a way the compiler checks; what they cannot express is left with its reason.
import tseslint from 'typescript-eslint';
import eslintComments from '@eslint-community/eslint-plugin-eslint-comments/configs';

/** Where every type assertion and non-null assertion states why it holds. */
const ASSERTIONS_EXPLAINED = ['src/**/*.ts', 'src/**/*.tsx', 'scripts/**/*.ts'];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'dist-bench/',
      'data/',
      // written by openapi-typescript (npm run client:generate), and test/clients/typescript-client.test.ts holds it
      // byte for byte to what that writes
      'clients/typescript/schema.ts',
      'coverage/',
      'eslint.config.mjs',
      'scripts/*.mjs',
    ],
  },
  ...tseslint.configs.recommendedTypeChecked,
  eslintComments.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: {
      parserOptions: {
        // knip's configuration sits at the root, outside the folders tsconfig.json compiles
        projectService: { allowDefaultProject: ['knip.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // `{ field: _dropped, ...rest }` is how a field is left out of a copy
      '@typescript-eslint/no-unused-vars': [
        'error',
        { ignoreRestSiblings: true, varsIgnorePattern: '^_', argsIgnorePattern: '^_' },
      ],
      // an async function is often the interface asked for (a Fastify plugin, an MCP handler, a store's close) even
      // where this implementation awaits nothing
      '@typescript-eslint/require-await': 'off',
      // node:test runs the tests a file declares whether or not their promises are awaited
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite'] },
          ],
        },
      ],
      // a rule is set aside only with the reason it does not apply
      '@eslint-community/eslint-comments/require-description': ['error', { ignore: [] }],
    },
  },
  {
    files: ASSERTIONS_EXPLAINED,
    rules: {
      '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
    },
  },
);
