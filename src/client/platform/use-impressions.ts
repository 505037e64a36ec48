// Impressions of advertising (a business's card and the offers on it, a banner): each counts once per
// page view, when at least half of it has been on screen. One IntersectionObserver for the page; what
// was already counted is remembered until the page is left.
import { useCallback, useEffect, useRef } from 'react'
import type { BenefitKind } from '#shared/benefits.schema.ts'
import { countImpression } from './benefit-counts.ts'

export type Seen = { kind: BenefitKind; id: string }

export function useImpressions() {
  const counted = useRef(new Set<string>())
  const targets = useRef(new Map<Element, Seen[]>())
  const observer = useRef<IntersectionObserver | null>(null)

  /** Counts these items, each once per page view. */
  const see = useCallback((items: Seen[]) => {
    for (const { kind, id } of items) {
      const key = `${kind}:${id}`
      if (counted.current.has(key)) continue
      counted.current.add(key)
      countImpression(kind, id)
    }
  }, [])

  useEffect(() => () => observer.current?.disconnect(), [])

  /** A ref callback's body: watches `element` and counts `items` once it shows. */
  const observe = useCallback(
    (element: Element, items: Seen[]) => {
      if (typeof IntersectionObserver === 'undefined') {
        see(items)
        return () => {}
      }
      observer.current ??= new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue
            see(targets.current.get(entry.target) ?? [])
            observer.current?.unobserve(entry.target)
          }
        },
        { threshold: 0.5 },
      )
      targets.current.set(element, items)
      observer.current.observe(element)
      return () => {
        observer.current?.unobserve(element)
        targets.current.delete(element)
      }
    },
    [see],
  )

  return { observe, see }
}
