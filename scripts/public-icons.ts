// The lucide icons the public pages (sign-in, the public home) can draw, found by following the
// imports of their source files. The build puts every other icon into one chunk; these stay apart,
// so a first visit does not download the signed-in screens' icons.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

// Static imports only: what a public page loads later, after its first paint, may wait for the chunk.
const IMPORT = /(?:import|export)\s[^'"]*?from\s+'([^']+)'/g
const LUCIDE = /import\s*\{([^}]*)\}\s*from\s*'lucide-react'/g

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

/** Icon export names (`TriangleAlert`) to their module files (`triangle-exclamation-point.mjs`). */
function lucideFiles(root: string): Map<string, string> {
  const index = readFileSync(join(root, 'node_modules/lucide-react/dist/esm/lucide-react.mjs'), 'utf8')
  const files = new Map<string, string>()
  for (const [, names, file] of index.matchAll(/export \{([^}]*)\} from '\.\/icons\/([^']+)'/g)) {
    for (const name of names!.matchAll(/as (\w+)/g)) files.set(name[1]!, file!)
  }
  return files
}

/** The icon module files reachable from `entries` (source files, relative to `root`). */
export function publicIconFiles(root: string, entries: string[]): Set<string> {
  const files = lucideFiles(root)
  const seen = new Set<string>()
  const icons = new Set<string>()
  const stack = entries.map((entry) => join(root, entry))
  while (stack.length) {
    const file = stack.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    const text = readFileSync(file, 'utf8')
    for (const [, names] of text.matchAll(LUCIDE)) {
      for (const name of names!.split(',')) {
        const icon = files.get(
          name
            .replace(/^\s*type\s+/, '')
            .trim()
            .split(/\s+as\s+/)[0]!,
        )
        if (icon) icons.add(icon)
      }
    }
    for (const [, from] of text.matchAll(IMPORT)) {
      const next = sourceOf(file, from!, root)
      if (next) stack.push(next)
    }
  }
  return icons
}
