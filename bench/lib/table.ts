// The one table the run prints: each line a measure, its baseline from the same run, and its target.
export type Row = {
  measure: string
  value: string
  baseline?: string
  ratio?: string
  target?: string
  /** Whether the target is met; undefined when the line has no target. */
  met?: boolean
}

export const fmt = {
  int: (n: number) => Math.round(n).toLocaleString('en-US'),
  ms: (n: number) =>
    `${n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : Math.round(n).toLocaleString('en-US')} ms`,
  mb: (n: number) => `${n.toFixed(0)} MB`,
  kb: (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`,
  ratio: (n: number) => `${n.toFixed(2)}x`,
}

export function renderTable(rows: Row[]): string {
  const header = ['measure', 'value', 'baseline', 'ratio', 'target', 'met']
  const cells = rows.map((r) => [
    r.measure,
    r.value,
    r.baseline ?? '',
    r.ratio ?? '',
    r.target ?? '',
    r.met === undefined ? '' : r.met ? 'met' : 'MISSED',
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)))
  const line = (c: string[]) => `| ${c.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n')
}
