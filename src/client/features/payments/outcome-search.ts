// The outcome pages' address, apart from their card: the routes read it before their code is loaded,
// so it must not bring the card (and its widgets) into the app's first script.

export type OutcomeSearch = { p?: string; e?: string; d?: string; s?: string }

// The router reads `e=1796092178` as a number: the signed values are taken back as text.
const text = (value: unknown) =>
  (typeof value === 'string' || typeof value === 'number') && String(value).length <= 100
    ? String(value)
    : undefined

/** The outcome pages' address: the payment and the signature that lets it be read without sign-in. */
export function outcomeSearch(search: Record<string, unknown>): OutcomeSearch {
  return { p: text(search.p), e: text(search.e), d: text(search.d), s: text(search.s) }
}
