// SVG text does not wrap or shorten itself: labels are measured with the page's own font and cut
// with an ellipsis where they would run into their neighbour.

let context: CanvasRenderingContext2D | null | undefined

const FONT = '12px system-ui, sans-serif'

export function textWidth(text: string): number {
  context ??= typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d')
  if (!context) return text.length * 7
  context.font = FONT
  return context.measureText(text).width
}

/** `text`, or as much of it as fits in `width` pixels followed by "…". */
export function fitText(text: string, width: number): string {
  if (textWidth(text) <= width) return text
  const chars = [...text]
  let low = 0
  let high = chars.length
  while (low < high) {
    const mid = Math.ceil((low + high) / 2)
    if (textWidth(`${chars.slice(0, mid).join('')}…`) <= width) low = mid
    else high = mid - 1
  }
  return low ? `${chars.slice(0, low).join('').trimEnd()}…` : ''
}
