// Local ESLint rules that keep the dependency direction of the code base:
// API modules talk to each other through services and ports, never repositories;
// web features never import each other, and shared web code never imports a feature.
import { dirname, relative, resolve, sep } from 'node:path';

const root = dirname(dirname(new URL(import.meta.url).pathname));

/** Workspace-relative, `/`-separated path of `importSource` as seen from `filename`, or null for packages. */
function resolveImport(filename, importSource) {
  if (!importSource.startsWith('.')) return null;
  return relative(root, resolve(dirname(filename), importSource)).split(sep).join('/');
}

function workspacePath(filename) {
  return relative(root, filename).split(sep).join('/');
}

/** Reports every static import, re-export and dynamic import with a string source. */
function forEachImport(context, check) {
  const visit = (node, source) => {
    if (source && source.type === 'Literal' && typeof source.value === 'string') check(node, source.value);
  };
  return {
    ImportDeclaration: (node) => visit(node, node.source),
    ExportNamedDeclaration: (node) => visit(node, node.source),
    ExportAllDeclaration: (node) => visit(node, node.source),
    ImportExpression: (node) => visit(node, node.source),
  };
}

const API_MODULE = /^api\/src\/modules\/([^/]+)\//;
const REPOSITORY_FILE = /\.repository(\.[cm]?[jt]s)?$/;

const apiModuleBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: "An API module's repository is private to that module." },
    schema: [],
    messages: {
      repository: "'{{target}}' is the {{module}} module's repository; use that module's service or a port it exports.",
    },
  },
  create(context) {
    const importer = workspacePath(context.filename);
    const importerModule = importer.match(API_MODULE)?.[1];
    return forEachImport(context, (node, source) => {
      const target = resolveImport(context.filename, source);
      if (!target) return;
      const targetModule = target.match(API_MODULE)?.[1];
      if (!targetModule || targetModule === importerModule || !REPOSITORY_FILE.test(target)) return;
      context.report({ node, messageId: 'repository', data: { target: source, module: targetModule } });
    });
  },
};

const WEB_FEATURE = /^web\/src\/features\/([^/]+)\//;
const WEB_SHARED = /^web\/src\/(components|lib|config|hooks|styles|testing)\//;

const webFeatureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Web features do not import each other; shared web code does not import features.' },
    schema: [],
    messages: {
      crossFeature:
        "The {{importer}} feature imports the {{target}} feature ('{{source}}'); move what both need to components/ or lib/, or compose them in app/.",
      sharedImportsFeature: "Shared web code imports the {{target}} feature ('{{source}}'); features build on shared code, not the reverse.",
    },
  },
  create(context) {
    const importer = workspacePath(context.filename);
    const importerFeature = importer.match(WEB_FEATURE)?.[1];
    const importerIsShared = WEB_SHARED.test(importer);
    if (!importerFeature && !importerIsShared) return {};
    return forEachImport(context, (node, source) => {
      const target = resolveImport(context.filename, source);
      const targetFeature = target?.match(WEB_FEATURE)?.[1] ?? (target?.match(/^web\/src\/features\/([^/]+)$/)?.[1]);
      if (!targetFeature || targetFeature === importerFeature) return;
      if (importerFeature) {
        context.report({ node, messageId: 'crossFeature', data: { importer: importerFeature, target: targetFeature, source } });
      } else {
        context.report({ node, messageId: 'sharedImportsFeature', data: { target: targetFeature, source } });
      }
    });
  },
};

export default {
  meta: { name: 'cairn-boundaries' },
  rules: {
    'api-module-boundaries': apiModuleBoundaries,
    'web-feature-boundaries': webFeatureBoundaries,
  },
};
