// What the linter holds the code to: typescript-eslint's type-checked recommended rules, and in the service's own code
// (ASSERTIONS_EXPLAINED) no type assertion (`as T`) or non-null assertion (`x!`) without a reason beside it, given as
// the description of the eslint-disable comment that allows it. A schema, a type guard or a narrower type says the
// same thing in a way the compiler checks; what they cannot express is left with its reason.
import tseslint from 'typescript-eslint';
import eslintComments from '@eslint-community/eslint-plugin-eslint-comments/configs';

/** The code held to 80 lines a function and 400 a file, blank lines and comments aside. */
const SIZE_BOUNDED = ['src/**/*.{ts,tsx}', 'scripts/**/*.ts', 'bench/**/*.ts', 'demo/**/*.ts', 'clients/**/*.ts'];

/** The tests: under test/, and beside a source module in its folder of src/ingest/sources/. */
const TESTS = ['test/**/*.ts', 'src/**/*.test.ts'];

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
        // tsconfig.json's one program for every file (tsc --noEmit checks the same): the project service opens a
        // program per file's nearest tsconfig, a fifth more CPU on the whole lint
        project: ['./tsconfig.json'],
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
    files: SIZE_BOUNDED,
    // written by `npm run openapi:examples`, every example of the OpenAPI document in one table; the tests' own bounds below
    ignores: ['src/http/self-description/document-examples.generated.ts', ...TESTS],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: TESTS,
    rules: {
      // A test file's functions are mostly describe and test callbacks, and a suite run against several
      // implementations (test/limits/store-contract.ts): their length is the number of cases they hold, each case
      // short and read on its own, so a bound on the function would only push cases apart from their setup.
      'max-lines-per-function': 'off',
      // A file still holds the behaviour of one module: tables of cases make a test file longer than the module it
      // tests (test/domain/records/record-validation.test.ts, 651 lines of code today), so the bound is higher than the code's.
      'max-lines': ['error', { max: 700, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ASSERTIONS_EXPLAINED,
    ignores: TESTS,
    rules: {
      '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
    },
  },
);
