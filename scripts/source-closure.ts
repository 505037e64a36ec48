// The app's own source files a set of entry files reaches through their imports, found by reading
// the files: what the build's own module graph cannot say (which `import()` runs signed out).
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

const IMPORT = /(?:import|export)\s[^'"]*?from\s+'([^']+)'/g
const DYNAMIC_IMPORT = /import\(\s*'([^']+)'\s*\)/g

/** A relative or `#client/…` import resolved to its source file, or undefined for a package. */
function sourceOf(from: string, specifier: string, root: string): string | undefined {
  const base = specifier.startsWith('#client/')
    ? join(root, 'src/client', specifier.slice('#client/'.length))
    : specifier.startsWith('#shared/')
      ? join(root, 'src/shared', specifier.slice('#shared/'.length))
      : specifier.startsWith('.')
        ? resolve(dirname(from), specifier)
        : undefined
  if (!base) return undefined
  return [base, `${base}.ts`, `${base}.tsx`].find((file) => /\.tsx?$/.test(file) && existsSync(file))
}

/**
 * Absolute paths of the source files reachable from `entries` (relative to `root`), entries included:
 * through static imports, and through the `import('…')`s (what is loaded later, on demand) of the files
 * `dynamic` accepts.
 */
export function sourceClosure(
  root: string,
  entries: string[],
  { dynamic = (_file: string): boolean => false } = {},
): Set<string> {
  const seen = new Set<string>()
  const stack = entries.map((entry) => join(root, entry))
  while (stack.length) {
    const file = stack.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    const text = readFileSync(file, 'utf8')
    const imports = [...text.matchAll(IMPORT), ...(dynamic(file) ? text.matchAll(DYNAMIC_IMPORT) : [])]
    for (const [, from] of imports) {
      const next = sourceOf(file, from!, root)
      if (next) stack.push(next)
    }
  }
  return seen
}
