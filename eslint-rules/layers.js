// Per-folder allow-lists for imports (VS Code's code-layering style): each layer names the layers it may
// import; anything else is reported. Resolved by path, so `../../main/x`, `./x` and re-exports all count.
// Also checks dynamic import() and require(), and the `electron` package in all its entry points.
import path from 'node:path';
import { builtinModules } from 'node:module';
import { existsSync } from 'node:fs';

const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
const isElectron = (spec) => spec === 'electron' || spec.startsWith('electron/');
const isNodeBuiltin = (spec) => spec.startsWith('node:') || builtins.has(spec.split('/')[0] ?? '');

/** The layer a repository path belongs to: the longest matching prefix in `layers`. */
function layerOf(layers, relative) {
  let best = null;
  for (const name of Object.keys(layers)) {
    const prefix = layers[name].path;
    const matches = prefix.endsWith('/') ? relative.startsWith(prefix) : relative === prefix;
    if (matches && (best === null || prefix.length > layers[best].path.length)) best = name;
  }
  return best;
}

/** The file an import names: as written, or with the extension or index file the resolver would add. */
function resolveModule(root, target) {
  const candidates = [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`];
  for (const candidate of candidates)
    if (existsSync(path.join(root, candidate)) && !candidate.endsWith('/')) {
      if (candidate === target && !/\.[cm]?[jt]sx?$|\.json$/.test(target)) continue;
      return candidate;
    }
  return /\.[cm]?[jt]sx?$|\.json$/.test(target) ? target : `${target}.ts`;
}

/**
 * A cycle among the layers' allow-lists, as the list of layer names that close it (first repeated at the
 * end), or null when they form a DAG. Allow-lists bound every import, so a DAG here means no two folders
 * can ever import each other, directly or around a ring.
 */
export function findLayerCycle(layers) {
  const state = new Map(); // name → 'open' while on the path, 'done' once every descendant is known
  const path = [];
  const visit = (name) => {
    if (state.get(name) === 'done') return null;
    if (state.get(name) === 'open') return [...path.slice(path.indexOf(name)), name];
    state.set(name, 'open');
    path.push(name);
    for (const next of layers[name]?.may ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(name, 'done');
    return null;
  };
  for (const name of Object.keys(layers)) {
    const cycle = visit(name);
    if (cycle) return cycle;
  }
  return null;
}

export const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Each folder imports only the layers its allow-list names.' },
    schema: [{ type: 'object', additionalProperties: true }],
    messages: {
      layer: "{{from}} may not import {{to}} ('{{spec}}'): allowed are {{allowed}}.",
      electron:
        "Only the Electron shell (main/index.ts, main/shell/, preload/) imports 'electron' ('{{spec}}').",
      node: "{{from}} never touches Node ('{{spec}}'): go through window.resdesk or the contract.",
      cycle:
        'The layers table has a cycle ({{cycle}}): folders must form a DAG, so one of them must not be allowed.',
    },
  },
  create(context) {
    const { root, layers } = context.options[0];
    const cycle = findLayerCycle(layers);
    if (cycle)
      return {
        Program: (node) => context.report({ node, messageId: 'cycle', data: { cycle: cycle.join(' → ') } }),
      };
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    const from = layerOf(layers, file);
    if (from === null) return {};
    const rule = layers[from];
    const check = (node, spec) => {
      if (typeof spec !== 'string') return;
      if (isElectron(spec)) {
        if (!rule.electron) context.report({ node, messageId: 'electron', data: { spec } });
        return;
      }
      if (isNodeBuiltin(spec)) {
        if (rule.node === false) context.report({ node, messageId: 'node', data: { from, spec } });
        return;
      }
      if (!spec.startsWith('.')) return;
      const target = path
        .relative(root, path.resolve(path.dirname(context.filename), spec))
        .split(path.sep)
        .join('/');
      const to = layerOf(layers, resolveModule(root, target));
      if (to === null || to === from || rule.may.includes(to)) return;
      context.report({
        node,
        messageId: 'layer',
        data: { from, to, spec, allowed: rule.may.join(', ') || 'nothing' },
      });
    };
    const literal = (node) => (node && node.type === 'Literal' ? node.value : undefined);
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => check(node, literal(node.source)),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require')
          check(node, literal(node.arguments[0]));
      },
      TSImportType: (node) => check(node, literal(node.argument?.literal ?? node.argument)),
    };
  },
};

export default { rules: { layers: layersRule } };
