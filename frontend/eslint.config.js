// ESLint (flat config): typescript-eslint, react-hooks, and the frontend's import boundaries.
//
// Boundaries (ARCHITECTURE.md, "Frontend layers"), rule `boundaries/layers` below:
// - a feature (src/features/<name>) never imports another feature: a piece two features need
//   moves down into shared code (components, lib, hooks...);
// - shared code (api, components, config, hooks, i18n, lib, testing) never imports a feature or
//   the app shell (src/app); features never import the app shell either: only src/app composes.
// The rule resolves every specifier (the `@/` alias and relative paths, static and dynamic imports,
// re-exports) to a file under src/, so `../../payouts/x` cannot slip by a name pattern.
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), 'src');
const SHARED_DIRS = new Set(['api', 'components', 'config', 'hooks', 'i18n', 'lib', 'testing']);

/** ['features', 'deposits', ...] for a path under src/, or null outside it. */
function srcParts(absolute) {
  const rel = relative(SRC, absolute);
  if (rel.startsWith('..') || rel === '') return null;
  return rel.split(sep);
}

function layerOf(parts) {
  if (!parts) return null;
  if (parts[0] === 'features' && parts.length > 2) return { kind: 'feature', feature: parts[1] };
  if (parts[0] === 'app') return { kind: 'app' };
  if (SHARED_DIRS.has(parts[0])) return { kind: 'shared', dir: parts[0] };
  return null; // main.tsx and the like: the entry point may import anything
}

const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Features never import features; shared code never imports features or the app.' },
    schema: [],
    messages: {
      crossFeature:
        "Feature '{{from}}' imports feature '{{to}}': features never import other features (boundary rule). Move the shared piece down into src/components, src/lib or src/hooks.",
      sharedImportsFeature:
        "Shared code (src/{{dir}}) imports feature '{{to}}': shared code never imports features (boundary rule). Pass it in as a prop or move the piece down.",
      importsApp: 'Only src/app composes the app: {{who}} never imports src/app (boundary rule).',
    },
  },
  create(context) {
    const from = layerOf(srcParts(context.filename));
    if (!from || from.kind === 'app') return {};
    function check(node, source) {
      if (!source || typeof source.value !== 'string') return;
      const spec = source.value;
      let target;
      if (spec.startsWith('@/')) target = resolve(SRC, spec.slice(2));
      else if (spec.startsWith('.')) target = resolve(dirname(context.filename), spec);
      else return; // a package
      const to = srcParts(target);
      if (!to) return;
      if (to[0] === 'app') {
        const who = from.kind === 'feature' ? `feature '${from.feature}'` : `shared code (src/${from.dir})`;
        context.report({ node: source, messageId: 'importsApp', data: { who } });
        return;
      }
      if (to[0] !== 'features' || !to[1]) return;
      const toFeature = to[1].replace(/\.(tsx?|jsx?)$/, '');
      if (from.kind === 'feature' && toFeature !== from.feature) {
        context.report({ node: source, messageId: 'crossFeature', data: { from: from.feature, to: toFeature } });
      } else if (from.kind === 'shared') {
        context.report({ node: source, messageId: 'sharedImportsFeature', data: { dir: from.dir, to: toFeature } });
      }
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : null),
    };
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'src/api/schema.gen.ts', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, boundaries: { rules: { layers: layersRule } } },
    rules: {
      'boundaries/layers': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['scripts/**/*.{js,mjs}', '*.config.{js,ts}'],
    languageOptions: { globals: { URL: 'readonly', console: 'readonly', process: 'readonly' } },
  },
);
