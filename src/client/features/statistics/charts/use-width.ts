import { useLayoutEffect, useRef, useState } from 'react'

/**
 * The width of the element the chart sits in, followed as the screen turns or the menu opens: the
 * charts are drawn in real pixels so their text keeps its size on a phone instead of shrinking.
 */
export function useWidth<T extends HTMLElement>(): [React.RefObject<T | null>, number] {
  const ref = useRef<T>(null)
  const [width, setWidth] = useState(0)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    setWidth(element.clientWidth)
    const observer = new ResizeObserver(([entry]) => entry && setWidth(Math.floor(entry.contentRect.width)))
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return [ref, width]
}
