// The chunk group of Home and the signed-in shell around it: every module of theirs that the entry
// scripts do not already load goes into one file. Left to the automatic splitting, those ~99 source
// files came as 35 chunks, which an offline start fetched through the service worker and instantiated
// one by one after the route settled (offline cold start 580–657 → 459–609 ms here, README). What
// the entries load and what the public pages load signed out stay apart, so a first visit of the
// sign-in page or the public home downloads none of it.
import { join } from 'node:path'
import type { Rolldown } from 'vite'
import { sourceClosure } from './source-closure.ts'

/** The route files of Home and of the layout every signed-in screen is drawn in. */
const HOME_ROUTES = ['src/client/routes/app/route.tsx', 'src/client/routes/app/home.tsx']
/** The app's entry scripts (index.html's and sign-in.html's): what they import statically stays theirs. */
const ENTRIES = ['src/client/main.tsx', 'src/client/sign-in.ts']

/**
 * Whether a public page's `import('…')`s in this file can run for a visitor signed out: those of the
 * pages' own components can (the public home's sections). The platform's load the sync engine once
 * someone has signed in, and the Home chunk is what comes next then.
 */
function signedOut(file: string): boolean {
  return !/[\\/]src[\\/]client[\\/]platform[\\/]/.test(file)
}

function without(files: Set<string>, others: Set<string>): Set<string> {
  return new Set([...files].filter((file) => !others.has(file)))
}

type Context = Parameters<Extract<Rolldown.CodeSplittingGroup['name'], (...args: never) => unknown>>[1]

/** `publicPages`: the route files of the pages a visitor sees signed out (relative to `root`). */
export function homeChunkGroup(root: string, publicPages: string[]): Rolldown.CodeSplittingGroup {
  let home: Set<string> | undefined
  // Per chunking pass: its module infos are objects of that pass.
  const entryGraphs = new WeakMap<object, Set<string>>()

  function entryGraph(ctx: Context): Set<string> {
    const first = ctx.getModuleInfo(join(root, ENTRIES[0]!))
    if (!first) throw new Error(`the build has no module ${ENTRIES[0]}: update scripts/home-chunk.ts`)
    let graph = entryGraphs.get(first)
    if (graph) return graph
    graph = new Set()
    const stack = ENTRIES.map((entry) => join(root, entry))
    while (stack.length) {
      const id = stack.pop()!
      if (graph.has(id)) continue
      graph.add(id)
      stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []))
    }
    entryGraphs.set(first, graph)
    return graph
  }

  return {
    debugName: 'home',
    // Route files are split by the router's plugin into `route.tsx?tsr-split=component` modules.
    name: (id, ctx) => {
      home ??= without(
        sourceClosure(root, HOME_ROUTES),
        sourceClosure(root, publicPages, { dynamic: signedOut }),
      )
      return home.has(id.split('?')[0]!) && !entryGraph(ctx).has(id) ? 'home' : null
    },
    // Its imports from the entries' chunks stay imports: taken in, they would bring the entries' code
    // into this file and make every page load it.
    includeDependenciesRecursively: false,
  }
}
