/**
 * Radica's layer boundaries as ESLint rules (plugin `boundaries`, configured in eslint.config.js).
 * Each rule looks at every import of a file (import/export ... from, import(), require) and
 * resolves relative specifiers against the file, so `../../features/x` and `../x` are judged by
 * where they land, not by how they are written. Every message starts with the rule's name.
 *
 * - boundaries/feature-isolation  a feature (src/features/<a>) never imports another feature;
 *                                 features share through src/domain, src/db, src/components,
 *                                 src/state and src/lib, and src/app composes them.
 * - boundaries/domain-pure        src/domain imports nothing but valibot, `file-type/core` (pure
 *                                 content sniffing, for the one file policy shared by device and
 *                                 server) and src/domain (its tests may also use vitest and
 *                                 fast-check).
 * - boundaries/sync-no-ui         src/sync, src/workers and src/sw (the service worker) import
 *                                 only src/domain, src/db, src/sync, src/workers and src/sw, and
 *                                 no React or jotai.
 * - boundaries/server-uses-domain server/ imports nothing from src/ except src/domain.
 * - boundaries/shared-test-utils  a `*.test-util` module is used only in its own folder; test
 *                                 helpers shared across folders live in src/test-utils, which
 *                                 only tests import.
 */
import { dirname, relative, resolve, sep } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

/** The repository-relative path with forward slashes. */
const rel = (abs) => relative(ROOT, abs).split(sep).join('/');

const isTestFile = (file) => /\.(test|spec)\.tsx?$/.test(file) || /\.test-util\.tsx?$/.test(file) || file.startsWith('src/test-utils/');

/** What a specifier points at: a repository path (relative imports) or a package name. */
function target(filename, spec) {
  if (spec.startsWith('.') || spec.startsWith('/')) {
    return { path: rel(resolve(dirname(filename), spec)) };
  }
  const parts = spec.split('/');
  return { pkg: spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0] };
}

const under = (path, folder) => path === folder || path.startsWith(folder + '/');

const UI_PACKAGES = /^(react|react-dom|react-router|react-router-dom|jotai|dexie-react-hooks|sonner|echarts|echarts-for-react|react-hook-form|@hookform\/.*|@dnd-kit\/.*)$/;

/** Builds one rule from a check(file, target, spec) that returns a message or null. */
function boundary(name, description, check) {
  return {
    meta: { type: 'problem', docs: { description }, schema: [] },
    create(context) {
      const file = rel(context.filename);
      const judge = (node, source) => {
        if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
        const message = check(file, target(context.filename, source.value), source.value);
        if (message) context.report({ node, message: `${name}: ${message}` });
      };
      return {
        ImportDeclaration: (node) => judge(node, node.source),
        ExportNamedDeclaration: (node) => judge(node, node.source),
        ExportAllDeclaration: (node) => judge(node, node.source),
        ImportExpression: (node) => judge(node, node.source),
        CallExpression: (node) => {
          if (node.callee.type === 'Identifier' && node.callee.name === 'require') judge(node, node.arguments[0]);
        },
      };
    },
  };
}

const featureOf = (path) => /^src\/features\/([^/]+)/.exec(path)?.[1] ?? null;

export default {
  meta: { name: 'radica-boundaries' },
  rules: {
    'feature-isolation': boundary(
      'boundaries/feature-isolation',
      'A feature never imports another feature.',
      (file, t) => {
        const mine = featureOf(file);
        const theirs = t.path ? featureOf(t.path) : null;
        if (!mine || !theirs || mine === theirs) return null;
        return `src/features/${mine} no puede importar src/features/${theirs} (a feature never imports another feature); comparta el código por src/domain, src/db, src/components o src/state, o compóngalo en src/app.`;
      },
    ),

    'domain-pure': boundary(
      'boundaries/domain-pure',
      'src/domain imports nothing but valibot and itself.',
      (file, t, spec) => {
        if (!under(file, 'src/domain')) return null;
        if (t.path) {
          if (under(t.path, 'src/domain')) return null;
          if (isTestFile(file) && under(t.path, 'src/test-utils')) return null;
          return `src/domain solo importa src/domain y valibot, no ${t.path} (src/domain imports nothing but valibot and itself).`;
        }
        if (t.pkg === 'valibot' || spec === 'file-type/core') return null;
        if (isTestFile(file) && (t.pkg === 'vitest' || t.pkg === 'fast-check')) return null;
        return `src/domain solo importa src/domain y valibot, no '${spec}' (src/domain imports nothing but valibot and itself).`;
      },
    ),

    'sync-no-ui': boundary(
      'boundaries/sync-no-ui',
      'src/sync, src/workers and src/sw import only src/domain, src/db, src/sync, src/workers and src/sw; no React or jotai.',
      (file, t, spec) => {
        const layers = ['src/sync', 'src/workers', 'src/sw'];
        if (!layers.some((folder) => under(file, folder))) return null;
        if (t.pkg) {
          return UI_PACKAGES.test(t.pkg)
            ? `src/sync, src/workers y src/sw no usan React ni jotai ('${spec}') (the sync engine and the workers import no React or jotai).`
            : null;
        }
        if (['src/domain', 'src/db', ...layers].some((folder) => under(t.path, folder))) return null;
        if (isTestFile(file) && under(t.path, 'src/test-utils')) return null;
        return `src/sync, src/workers y src/sw solo importan src/domain, src/db, src/sync, src/workers y src/sw, no ${t.path} (the workers import no UI layer).`;
      },
    ),

    'server-uses-domain': boundary(
      'boundaries/server-uses-domain',
      'server/ imports nothing from src/ except src/domain.',
      (file, t) => {
        if (!under(file, 'server') || !t.path || !under(t.path, 'src')) return null;
        if (under(t.path, 'src/domain')) return null;
        return `server/ solo importa src/domain del cliente, no ${t.path} (server/ imports nothing from src/ except src/domain).`;
      },
    ),

    'shared-test-utils': boundary(
      'boundaries/shared-test-utils',
      'A *.test-util module is used only in its own folder; shared test helpers live in src/test-utils, imported by tests only.',
      (file, t) => {
        if (!t.path) return null;
        if (/\.test-util$/.test(t.path) && dirname(t.path) !== dirname(file)) {
          return `${t.path} se usa fuera de su carpeta: muévalo a src/test-utils (test utilities shared across folders live in src/test-utils).`;
        }
        if (under(t.path, 'src/test-utils') && !isTestFile(file)) {
          return `solo las pruebas importan src/test-utils, no ${file} (test utilities are for tests only).`;
        }
        return null;
      },
    ),
  },
};
