// Structured logs, one JSON object a line, so a log collector can index them.
type Level = 'info' | 'warn' | 'error'

let silent = process.env.LOG_LEVEL === 'silent'

export function setLogSilent(value: boolean): void {
  silent = value
}

function write(level: Level, msg: string, fields: Record<string, unknown> = {}) {
  if (silent && level !== 'error') return
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })
  if (level === 'error') process.stderr.write(`${line}\n`)
  else process.stdout.write(`${line}\n`)
}

export const logger = {
  info: (msg: string, fields?: Record<string, unknown>) => write('info', msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write('warn', msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write('error', msg, fields),
}
