// A message is plain text: line breaks kept, web addresses made into links, nothing else read into it.
import { Fragment } from 'react'

const LINK = /\bhttps?:\/\/[^\s<>"]+/gi
const TRAILING = new Set(['.', ',', ';', ':', '!', '?', ')', ']', '»', '”', "'"])

/** The text split into plain parts and links (a link's closing punctuation stays text). */
export function linkParts(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = []
  let last = 0
  for (const match of text.matchAll(LINK)) {
    let href = match[0]
    while (href.length > 8 && TRAILING.has(href.at(-1)!)) href = href.slice(0, -1)
    const start = match.index
    if (start > last) parts.push({ text: text.slice(last, start) })
    parts.push({ text: href, href })
    last = start + href.length
  }
  if (last < text.length) parts.push({ text: text.slice(last) })
  return parts
}

export function MessageText({ text }: { text: string }) {
  return (
    <p dir="auto" className="break-words whitespace-pre-wrap">
      {linkParts(text).map((part, i) =>
        part.href ? (
          <a
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="underline decoration-2 underline-offset-2"
          >
            {part.text}
          </a>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </p>
  )
}
