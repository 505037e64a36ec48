import { useLocation } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'

/** A hash scrolls smoothly to its element, a bare # to the top, and a new path starts at the top. */
export function ScrollOnNavigate() {
  const { pathname, hash } = useLocation()
  const lastPath = useRef(pathname)
  useEffect(() => {
    const pathChanged = lastPath.current !== pathname
    lastPath.current = pathname
    if (hash) {
      document.getElementById(decodeURIComponent(hash))?.scrollIntoView({ behavior: 'smooth' })
    } else if (pathChanged || window.location.href.endsWith('#')) {
      window.scrollTo({ top: 0, behavior: pathChanged ? 'auto' : 'smooth' })
    }
  }, [pathname, hash])
  return null
}
