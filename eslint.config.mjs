// typescript-eslint's type-checked recommended rules over the service's code (src/) and the scripts npm runs.
// The tests, benchmarks, demo generator and client are not linted yet: node:test's test() returns a promise the
// files do not await, and their answer bodies are `any`, so they need a pass of their own.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'dist-bench/',
      'data/',
      'bench/',
      'test/',
      'demo/',
      'clients/',
      'coverage/',
      'eslint.config.mjs',
      'scripts/*.mjs',
    ],
  },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // `{ field: _dropped, ...rest }` is how a field is left out of a copy
      '@typescript-eslint/no-unused-vars': [
        'error',
        { ignoreRestSiblings: true, varsIgnorePattern: '^_', argsIgnorePattern: '^_' },
      ],
      // an async function is often the interface asked for (a Fastify plugin, an MCP handler, a store's close) even
      // where this implementation awaits nothing
      '@typescript-eslint/require-await': 'off',
    },
  },
);
