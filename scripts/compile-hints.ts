// V8's explicit compile hint: a file that starts with `//# allFunctionsCalledOnLoad` has every function
// compiled eagerly, off the main thread while it streams in, instead of each one on the main thread
// at its first call. For the scripts whose functions nearly all run while the first screen is drawn:
// the entry, React and the router, the app's core, Home's chunk and Dexie. A first signed-in open
// of /app/home here spent 119–165 ms of its main thread compiling lazily, 23–57 ms with the hint.
import type { Plugin } from 'vite'

const HINT = '//# allFunctionsCalledOnLoad\n'
/** The chunk groups of vite.config.ts and the app's entry, by name. */
const EAGER = new Set(['index', 'framework', 'core', 'home'])

export function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    // Last: the hint counts only as the file's first line, and Vite puts its preload map there. The
    // files keep their names (hashed before this): the hint changes nothing the code does, so a copy
    // cached from a build without it is still right.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue
          const dexie = chunk.moduleIds.some((id) => /[\\/]node_modules[\\/]dexie[\\/]/.test(id))
          if (EAGER.has(chunk.name) || dexie) chunk.code = HINT + chunk.code
        }
      },
    },
  }
}
