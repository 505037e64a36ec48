// Chilean RUT: digits and a check digit (0-9 or K) computed with modulo 11.

export function normalizeRut(value: string): string {
  return value.replace(/[.\s-]/g, '').toUpperCase()
}

export function rutCheckDigit(body: string): string {
  let sum = 0
  let factor = 2
  for (let i = body.length - 1; i >= 0; i--) {
    sum += Number(body[i]) * factor
    factor = factor === 7 ? 2 : factor + 1
  }
  const rest = 11 - (sum % 11)
  if (rest === 11) return '0'
  if (rest === 10) return 'K'
  return String(rest)
}

export function isValidRut(value: string): boolean {
  const clean = normalizeRut(value)
  if (!/^\d{1,8}[\dK]$/.test(clean)) return false
  const body = clean.slice(0, -1)
  if (Number(body) === 0) return false
  return rutCheckDigit(body) === clean.slice(-1)
}

/** 12345678-5 -> 12.345.678-5 */
export function formatRut(value: string): string {
  const clean = normalizeRut(value)
  if (clean.length < 2) return clean
  const body = clean.slice(0, -1).replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return `${body}-${clean.slice(-1)}`
}
