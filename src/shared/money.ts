// Money is an integer in the college's currency, shown in the reader's language. Chilean pesos read
// as Chileans write them ($45.000) in Spanish, which plain `es` would show as "45.000 CLP".
export function moneyLocale(lang: string, currency: string): string {
  if (currency === 'CLP' && lang.toLowerCase().startsWith('es')) return 'es-CL'
  return lang
}

export function formatMoney(amount: number, currency: string, lang: string): string {
  return new Intl.NumberFormat(moneyLocale(lang, currency), {
    style: 'currency',
    currency,
    maximumFractionDigits: currency === 'CLP' ? 0 : undefined,
  }).format(amount)
}
