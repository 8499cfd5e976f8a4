import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { ROUTE_HINTS_FILE, type RouteHint } from '../../common/route-hints.ts';
import { LAYOUTS, SCREENS, type Screen } from '../screens.ts';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

const chunksOf = (bundle: OutputBundle) => Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');

/** A chunk's file and every chunk it imports statically, depth first, each once. */
function staticClosure(fileName: string, bundle: OutputBundle, into: Set<string> = new Set()): Set<string> {
  if (into.has(fileName)) return into;
  into.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type === 'chunk') for (const imported of chunk.imports) staticClosure(imported, bundle, into);
  return into;
}

/**
 * Maps each path of SCREENS (web/screens.ts) to its layout's and screen's chunks, less those the page
 * already loads for every path, and to its session check and lists. Fails the build when a module of
 * the table is not in the build, so the table cannot fall behind the code.
 */
export function routeHints(bundle: OutputBundle, webRoot: string, base: string): Record<string, RouteHint> {
  const chunks = chunksOf(bundle);
  const onEveryPage = new Set<string>();
  for (const entry of chunks.filter((chunk) => chunk.isEntry)) staticClosure(entry.fileName, bundle, onEveryPage);
  const chunkOf = (module: string) => {
    const found = chunks.find((chunk) => chunk.moduleIds.includes(path.join(webRoot, module)));
    if (!found) throw new Error(`route hints: ${module} (web/screens.ts) is in no chunk of the build: is the table out of date?`);
    return found.fileName;
  };
  const hints: Record<string, RouteHint> = {};
  for (const [route, screen] of Object.entries(SCREENS) as [string, Screen][]) {
    const layout = screen.layout ? LAYOUTS[screen.layout] : undefined;
    const files = new Set<string>();
    for (const module of [layout && 'module' in layout ? layout.module : undefined, screen.module]) {
      if (module) staticClosure(chunkOf(module), bundle, files);
    }
    hints[route] = {
      modules: [...files].filter((file) => !onEveryPage.has(file)).map((file) => `${base}${file}`),
      fetches: layout ? [layout.session, ...(screen.lists ?? [])] : [],
    };
  }
  return hints;
}

/** Writes route-hints.json beside index.html for the server (server/web-page.ts). */
export function routeHintsPlugin(): Plugin {
  let webRoot = '';
  let base = '/';
  return {
    name: 'medivault:route-hints',
    apply: 'build',
    configResolved(config) {
      webRoot = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      this.emitFile({ type: 'asset', fileName: ROUTE_HINTS_FILE, source: JSON.stringify(routeHints(bundle, webRoot, base), null, 1) });
    },
  };
}
