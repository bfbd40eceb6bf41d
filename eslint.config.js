// Lint: TypeScript rules plus the seams of DESIGN.md (what may import what, who touches the DB).
import astro from 'eslint-plugin-astro';
import tseslint from 'typescript-eslint';

const noServer = {
  group: ['**/server/**', '../server/*', '../../server/*'],
  message: 'Pages, sections, features, client and stores never import src/server (DESIGN.md seams).',
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.astro/**', 'src/server/db/migrations/**', 'test-results/**', 'playwright-report/**', 'bench/**'] },
  // The ad chooser's one inline script is hand-minified text that must stay byte-equal to AD_SLOT_INLINE
  // (its CSP hash); a lint fix or a directive comment inside it would change the hash. The string's source,
  // src/features/ads/adSlotInline.ts, is linted, and adSlotInline.test.ts runs the script and checks both agree.
  { ignores: ['src/features/ads/AdChooser.astro'] },
  ...tseslint.configs.recommended,
  // Issue 14 item 7: .astro files too (frontmatter and <script>s), under the same seams below.
  ...astro.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Only the sanitizer module renders HTML.' },
      ],
    },
  },
  {
    files: ['src/sections/**', 'src/features/**', 'src/client/**', 'src/stores/**', 'src/pages/**', 'src/layouts/**', 'src/lib/**', 'src/routing/**', 'src/contract/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noServer] }] },
  },
  {
    files: ['src/server/**'],
    ignores: ['src/server/db/**', 'src/server/**/repo.ts', 'src/server/main.ts', 'src/server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema/*'], message: 'Only repo.ts and src/server/db touch the database.' }],
        },
      ],
    },
  },
  {
    files: ['src/**'],
    ignores: ['src/client/**', 'src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'localStorage', message: 'Only src/client touches localStorage (src/client/storage.ts).' },
      ],
      'no-restricted-globals': ['error', { name: 'localStorage', message: 'Use src/client/storage.ts.' }],
    },
  },
  {
    // Issue 6: src/bridge is the one module that says where the page runs; nothing else reads the UA.
    files: ['src/**'],
    ignores: ['src/bridge/**', 'src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Only the sanitizer module renders HTML.' },
        { selector: "MemberExpression[property.name='userAgent']", message: 'Only src/bridge reads the user agent (src/bridge/detectHost.ts).' },
      ],
    },
  },
);
