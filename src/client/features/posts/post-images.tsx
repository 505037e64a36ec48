import { useEffect, useState } from 'react'
import type { PostImage } from '#shared/posts.schema.ts'
import { localDb } from '../../platform/sync/local-db.ts'
import { LOCAL_IMAGE_PREFIX } from './post-actions.ts'

/** A picture not uploaded yet is shown from the file kept on the device. */
export function useImageUrl(url: string | undefined): string | undefined {
  const [resolved, setResolved] = useState(url?.startsWith(LOCAL_IMAGE_PREFIX) ? undefined : url)
  useEffect(() => {
    if (!url?.startsWith(LOCAL_IMAGE_PREFIX)) return setResolved(url)
    let objectUrl: string | undefined
    let cancelled = false
    void localDb()
      ?.blobs.get(url.slice(LOCAL_IMAGE_PREFIX.length))
      .then((stored) => {
        if (cancelled || !stored) return
        objectUrl = URL.createObjectURL(stored.blob)
        setResolved(objectUrl)
      })
    return () => {
      cancelled = true
      if (objectUrl) URL.revokeObjectURL(objectUrl)
    }
  }, [url])
  return resolved
}

export function PostPicture({
  image,
  thumb,
  alt,
  className,
}: {
  image: PostImage
  thumb?: boolean
  alt: string
  className?: string
}) {
  const src = useImageUrl(thumb ? image.thumb_url : image.url)
  if (!src) return <div className={`bg-slate-200 dark:bg-slate-800 ${className ?? ''}`} aria-hidden="true" />
  return <img src={src} alt={alt} loading="lazy" className={className} />
}
