// Lint: TypeScript rules plus the seams of docs/where-code-lives.md (what may import what, who touches the DB).
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const noServer = {
  group: ['**/server/**', '../server/*', '../../server/*'],
  message: 'Pages, sections, features, client and stores never import src/server (docs/where-code-lives.md).',
};

/** One way to call the API: the typed contract calls; the app-wide client is src/client's own. */
const noAppApi = {
  group: ['**/client/api.ts', '**/client/api'],
  importNames: ['api'],
  message:
    '用类型化的契约调用（Call the API through the contract): getByPath / getEndpoint (src/client/getEndpoint.ts) or postByPath / postEndpoint (src/client/postEndpoint.ts), with `import type` of the endpoint; `api` is used only inside src/client (docs/conventions.md "Pages and data").',
};
/** The same for a lazy `import('…/client/api.ts')` (a page that loads the client on first call). */
const noLazyAppApi = {
  selector: 'ImportExpression[source.value=/\\/client\\/api(\\.ts)?$/]',
  message: noAppApi.message,
};

// Rules between server areas (docs/where-code-lives.md; src/server/areas.test.ts checks the same on the
// whole graph, cycles included). The shared layers import no feature area; no area imports the composition
// root (src/server/app) or another area's routes.
const SHARED_AREAS = ['db', 'http', 'tokens', 'likes', 'profiles', 'realtime', 'web', 'cache', 'media', 'review'];
const FEATURE_AREAS = [
  'accounts',
  'answer',
  'appConfig',
  'bangbang',
  'bannerDesk',
  'community',
  'composition',
  'compositionDesk',
  'detail',
  'discover',
  'interaction',
  'mall',
  'mallDesk',
  'news',
  'placementDesk',
  'points',
  'publish',
  'rural',
  'ruralDesk',
  'share',
  'topicDesk',
  'upload',
  'wires',
];
const inServer = (areas, tail) => areas.flatMap((a) => [`../${a}/${tail}`, `../../${a}/${tail}`, `../../../${a}/${tail}`]);
const drizzle = { group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema/*'], message: 'Only repo.ts and src/server/db touch the database.' };
const noFeature = {
  group: inServer(FEATURE_AREAS, '**'),
  message:
    'The shared server layers (db, http, tokens, likes, profiles, realtime, web, cache, media, review) import no feature area (docs/where-code-lives.md).',
};
const noRoot = {
  group: [...inServer(['app'], '**'), '**/server/main.ts', '../main.ts', '../../main.ts'],
  message: 'Only src/server/main.ts imports the composition root (src/server/app); areas never import it (docs/where-code-lives.md).',
};
const noOtherRoutes = {
  group: inServer([...FEATURE_AREAS, ...SHARED_AREAS], 'routes.ts'),
  message: "Only the composition root (src/server/app) imports an area's routes (docs/where-code-lives.md).",
};
const sharedFiles = SHARED_AREAS.map((a) => `src/server/${a}/**`);
const featureFiles = FEATURE_AREAS.map((a) => `src/server/${a}/**`);
const tableFiles = ['src/server/db/**', 'src/server/**/repo.ts', 'src/server/http/DatabaseRateLimitStore.ts'];

/** Only src/settings/settings.ts reads the environment: everything else asks it (docs/where-code-lives.md). */
const processEnv = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'Read settings through src/settings/settings.ts (settings()), the one reader of process.env.',
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.astro/**', 'src/server/db/migrations/**', 'test-results/**', 'playwright-report/**', 'bench/**'] },
  // The ad chooser's one inline script is hand-minified text that must stay byte-equal to AD_SLOT_INLINE
  // (its CSP hash); a lint fix or a directive comment inside it would change the hash. The string's source,
  // src/features/ads/adSlotInline.ts, is linted, and adSlotInline.test.ts runs the script and checks both agree.
  { ignores: ['src/features/ads/AdChooser.astro'] },
  ...tseslint.configs.recommended,
  // ADR 011: .astro files too (frontmatter and <script>s), under the same seams below.
  ...astro.configs.recommended,
  // JSX accessibility (docs/conventions.md "Habits"): the maintained fork of eslint-plugin-jsx-a11y that
  // runs on ESLint 10 (es-tooling/eslint-plugin-jsx-a11y-x), on islands and components; eslint-plugin-astro
  // applies the same recommended rules to .astro templates.
  { ...jsxA11y.configs.recommended, files: ['src/**/*.tsx'] },
  ...astro.configs['jsx-a11y-recommended'],
  ...['jsx-a11y-x', 'astro/jsx-a11y'].map((prefix) => ({
    files: [prefix === 'jsx-a11y-x' ? 'src/**/*.tsx' : 'src/**/*.astro'],
    rules: Object.fromEntries(
      Object.entries({
        // `role` on a component (`<RoleAndScopes role="moderator">`) is a prop, not an ARIA role.
        'aria-role': ['error', { ignoreNonDOM: true }],
        // A sideways-scrolling strip or table is focusable so a keyboard can scroll it (WCAG 2.1.1, axe
        // scrollable-region-focusable): the one use of tabindex on a non-interactive element here.
        'no-noninteractive-tabindex': 'off',
        // News clips, live streams and readers' uploads come without caption tracks (the spec gives none).
        'media-has-caption': 'off',
        // A dialog focuses its first answer (WAI-ARIA dialog pattern) and the search pages their box, as the spec asks.
        'no-autofocus': 'off',
      }).map(([rule, value]) => [`${prefix}/${rule}`, value]),
    ),
  })),
  {
    // React's rules of hooks in islands and their components (docs/conventions.md "Islands and scripts").
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Only the sanitizer module renders HTML.' }],
    },
  },
  {
    files: [
      'src/sections/**',
      'src/features/**',
      'src/stores/**',
      'src/pages/**',
      'src/layouts/**',
      'src/lib/**',
      'src/routing/**',
      'src/contract/**',
      'src/bridge/**',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [noServer, noAppApi] }] },
  },
  {
    files: ['src/client/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noServer] }] },
  },
  {
    // The newsroom console (ADR 017) carries none of the reader site's script and never imports the server.
    files: ['src/newsroom/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noServer,
            {
              group: ['**/features/**', '**/sections/**', '**/stores/**', '**/client/**', '**/layouts/**', '**/bridge/**', '**/pages/**/*.astro'],
              message: 'The console carries no reader-site script (ADR 017).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**'],
    // The database-backed rate-limit store is the HTTP layer's own table access (docs/where-code-lives.md).
    ignores: ['src/server/db/**', 'src/server/**/repo.ts', 'src/server/http/DatabaseRateLimitStore.ts', 'src/server/main.ts', 'src/server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [drizzle, noAppApi],
        },
      ],
    },
  },
  {
    files: sharedFiles,
    ignores: [...tableFiles, 'src/server/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [drizzle, noFeature, noRoot, noOtherRoutes, noAppApi] }] },
  },
  {
    files: tableFiles.filter((f) => f !== 'src/server/**/repo.ts').concat(SHARED_AREAS.map((a) => `src/server/${a}/**/repo.ts`)),
    ignores: ['src/server/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noFeature, noRoot, noOtherRoutes, noAppApi] }] },
  },
  {
    files: featureFiles,
    ignores: ['src/server/**/repo.ts', 'src/server/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [drizzle, noRoot, noOtherRoutes, noAppApi] }] },
  },
  {
    files: FEATURE_AREAS.map((a) => `src/server/${a}/**/repo.ts`),
    ignores: ['src/server/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noRoot, noOtherRoutes, noAppApi] }] },
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
    // ADR 006: src/bridge is the one module that says where the page runs; nothing else reads the UA.
    files: ['src/**'],
    ignores: ['src/bridge/**', 'src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Only the sanitizer module renders HTML.' },
        { selector: "MemberExpression[property.name='userAgent']", message: 'Only src/bridge reads the user agent (src/bridge/detectHost.ts).' },
        processEnv,
        noLazyAppApi,
      ],
    },
  },
  {
    files: ['src/bridge/**'],
    ignores: ['src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Only the sanitizer module renders HTML.' },
        processEnv,
        noLazyAppApi,
      ],
    },
  },
  {
    // The settings module is the one reader of the environment (README "Settings"); scripts/ and tests/ keep
    // theirs where they set up child processes, and are outside src.
    files: ['src/settings/settings.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Only the sanitizer module renders HTML.' },
        { selector: "MemberExpression[property.name='userAgent']", message: 'Only src/bridge reads the user agent (src/bridge/detectHost.ts).' },
      ],
    },
  },
);
