// The lucide icons the public pages (sign-in, the public home) can draw, found by following the
// imports of their source files. The build puts every other icon into one chunk; these stay apart,
// so a first visit does not download the signed-in screens' icons.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sourceClosure } from './source-closure.ts'

const LUCIDE = /import\s*\{([^}]*)\}\s*from\s*'lucide-react'/g

/** Icon export names (`TriangleAlert`) to their module files (`triangle-exclamation-point.mjs`). */
function lucideFiles(root: string): Map<string, string> {
  const index = readFileSync(join(root, 'node_modules/lucide-react/dist/esm/lucide-react.mjs'), 'utf8')
  const files = new Map<string, string>()
  for (const [, names, file] of index.matchAll(/export \{([^}]*)\} from '\.\/icons\/([^']+)'/g)) {
    for (const name of names!.matchAll(/as (\w+)/g)) files.set(name[1]!, file!)
  }
  return files
}

/**
 * The icon module files reachable from `entries` (source files, relative to `root`) through static
 * imports: what a public page loads later, after its first paint, may wait for the icons' chunk.
 */
export function publicIconFiles(root: string, entries: string[]): Set<string> {
  const files = lucideFiles(root)
  const icons = new Set<string>()
  for (const file of sourceClosure(root, entries)) {
    for (const [, names] of readFileSync(file, 'utf8').matchAll(LUCIDE)) {
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
  }
  return icons
}
