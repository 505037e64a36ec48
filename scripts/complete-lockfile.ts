// Adds to package-lock.json the other platforms' native packages (esbuild, rolldown, biome, tailwind,
// sharp…) that npm 11 leaves out when it writes the lockfile on one machine, and then refuses in
// `npm ci` on another (npm/cli#8805, #9846). Each is pinned by its parent's optionalDependencies; its
// os, cpu and libc follow from its name. Run by `npm run deps:lock` after changing dependencies.
import { readFileSync, writeFileSync } from 'node:fs'

type Entry = {
  version?: string
  dev?: boolean
  optional?: boolean
  link?: boolean
  os?: string[]
  cpu?: string[]
  libc?: string[]
  optionalDependencies?: Record<string, string>
}

const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'win32',
  'openharmony',
  'sunos',
  'aix',
  'netbsd',
  'openbsd',
]
const CPU: Record<string, string> = {
  'arm-gnueabihf': 'arm',
  'arm-musleabihf': 'arm',
  'arm-eabi': 'arm',
  arm64: 'arm64',
  x64: 'x64',
  arm: 'arm',
  ia32: 'ia32',
  ppc64: 'ppc64',
  s390x: 's390x',
  riscv64: 'riscv64',
  loong64: 'loong64',
  mips64el: 'mips64el',
  wasm32: 'wasm32',
}

/** Where Node looks for `name` from a package at `path`: its own node_modules, then each enclosing one. */
function lookupPaths(path: string, name: string): string[] {
  const parts = path.split('/node_modules/')
  const paths: string[] = []
  for (let i = parts.length; i >= 0; i--) {
    const prefix = parts.slice(0, i).join('/node_modules/')
    paths.push(prefix ? `${prefix}/node_modules/${name}` : `node_modules/${name}`)
  }
  return paths
}

function platformOf(name: string): Pick<Entry, 'os' | 'cpu' | 'libc'> | undefined {
  const base = name.split('/').pop() ?? name
  const os = OS.find((o) => base.includes(`-${o}`))
  if (!os && !base.includes('wasm32')) return undefined
  const cpu = Object.keys(CPU).find((c) => new RegExp(`-${c}(-|$)`).test(base))
  return {
    ...(cpu ? { cpu: [CPU[cpu]!] } : {}),
    ...(base.includes('-musl') ? { libc: ['musl'] } : base.includes('-gnu') ? { libc: ['glibc'] } : {}),
    ...(os ? { os: [os] } : {}),
  }
}

const file = process.argv[2] ?? 'package-lock.json'
const lock = JSON.parse(readFileSync(file, 'utf8')) as { packages: Record<string, Entry> }
const packages = lock.packages
let added = 0
for (const [path, entry] of Object.entries(packages)) {
  const optional = entry.optionalDependencies ?? {}
  // This machine's binding of the same parent shows the folder its siblings belong in.
  let home: string | undefined
  for (const [name, spec] of Object.entries(optional)) {
    const found = lookupPaths(path, name).find((p) => packages[p]?.version === spec)
    if (found) {
      home = found.slice(0, -name.length)
      break
    }
  }
  if (home === undefined) continue
  for (const [name, spec] of Object.entries(optional)) {
    if (!/^\d+\.\d+\.\d+/.test(spec)) continue
    const platform = platformOf(name)
    if (!platform) continue
    let key = `${home}${name}`
    if (packages[key]?.version === spec) continue
    // The slot holds another version (hoisted for another parent): this one goes below its parent.
    if (packages[key]) key = `${path}/node_modules/${name}`
    if (packages[key]) continue
    packages[key] = { version: spec, ...platform, ...(entry.dev ? { dev: true } : {}), optional: true }
    added++
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)),
)
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`)
console.log(`${file}: ${added} entries for other platforms added`)
