// CSV files as spreadsheets here export them: UTF-8 (with or without a byte-order mark) or Latin-1
// (Excel on Windows), separated by commas or semicolons (Excel in Spanish), fields quoted with ".
// One pass over the text, no regular expression over it: any file costs time in proportion to its size.

/** The text of a file: UTF-8 when it is valid UTF-8, otherwise Windows-1252 (a superset of Latin-1). */
export function decodeText(bytes: Uint8Array): string {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes)
  }
  return text.startsWith('\uFEFF') ? text.slice(1) : text
}

/** The separator of the first line: the most frequent of ; , and tab outside quotes. */
function detectSeparator(text: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ])
  let quoted = false
  for (const char of text) {
    if (char === '"') quoted = !quoted
    else if (!quoted && (char === '\n' || char === '\r')) break
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1)
  }
  const [best, count] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]!
  return count > 0 ? best : ','
}

/**
 * The rows of a CSV text, each with the line it starts on. Quoted fields may hold separators, line
 * breaks and doubled quotes; blank lines are skipped.
 */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
  const separator = detectSeparator(text)
  const rows: { line: number; cells: string[] }[] = []
  let cells: string[] = []
  let cell = ''
  let quoted = false
  let line = 1
  let rowLine = 1
  const endRow = () => {
    cells.push(cell)
    if (cells.some((c) => c.trim() !== '')) rows.push({ line: rowLine, cells })
    cells = []
    cell = ''
  }
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          cell += '"'
          i++
        } else quoted = false
      } else {
        if (char === '\n') line++
        cell += char
      }
    } else if (char === '"' && cell.trim() === '') {
      cell = ''
      quoted = true
    } else if (char === separator) {
      cells.push(cell)
      cell = ''
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++
      endRow()
      line++
      rowLine = line
    } else cell += char
  }
  if (cell !== '' || cells.length) endRow()
  return rows
}

/** A column title as a key: lower case, no accents, words joined by "_" ("Fecha de nacimiento" -> fecha_de_nacimiento). */
export function headerKey(title: string): string {
  return title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join('_')
}

/**
 * A CSV file spreadsheets open as they are: a byte-order mark so Excel reads UTF-8, CRLF lines, and
 * cells that would start a formula (`=`, `+`, `-`, `@`) led by an apostrophe, so no cell runs.
 */
export function toCsv(rows: (string | number | null)[][]): string {
  const cell = (value: string | number | null) => {
    if (value === null) return ''
    if (typeof value === 'number') return String(value)
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
    return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
  }
  return `\uFEFF${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`
}
