import { type ReactNode, useEffect, useState } from 'react'

export const PLACEHOLDER_IMAGE = '/default/placeholder.jpeg'

/** An element with a background image that falls back to a placeholder when loading fails. */
export function BackgroundImage({
  src,
  className = '',
  children,
  label,
}: {
  src: string | undefined
  className?: string
  children?: ReactNode
  label?: string
}) {
  const [url, setUrl] = useState(src || PLACEHOLDER_IMAGE)
  useEffect(() => {
    if (!src) return setUrl(PLACEHOLDER_IMAGE)
    const probe = new Image()
    probe.onload = () => setUrl(src)
    probe.onerror = () => setUrl(PLACEHOLDER_IMAGE)
    probe.src = src
  }, [src])
  const style = { backgroundImage: `url("${url}")` }
  if (label) {
    return (
      <div
        role="img"
        aria-label={label}
        data-src={url}
        className={`bg-cover bg-center ${className}`}
        style={style}
      >
        {children}
      </div>
    )
  }
  return (
    <div data-src={url} className={`bg-cover bg-center ${className}`} style={style}>
      {children}
    </div>
  )
}
