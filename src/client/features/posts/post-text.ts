import { htmlText } from '#shared/posts.schema.ts'

export function excerpt(html: string, length = 180): string {
  const text = htmlText(html)
    .replace(/\[image\]/g, '')
    .trim()
  return text.length > length ? `${text.slice(0, length).trimEnd()}…` : text
}
