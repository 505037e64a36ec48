// The first page of a PDF drawn in the uploader's browser (pdf.js, loaded only here), sent with the
// file as its thumbnail. Best effort: a PDF it cannot draw simply has no picture.
const THUMB_SIZE = 480

export async function pdfFirstPage(file: File): Promise<Blob | undefined> {
  try {
    const pdfjs = await import('pdfjs-dist')
    pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).href
    const pdf = await pdfjs.getDocument({ data: new Uint8Array(await file.arrayBuffer()) }).promise
    try {
      const page = await pdf.getPage(1)
      const natural = page.getViewport({ scale: 1 })
      const viewport = page.getViewport({ scale: THUMB_SIZE / Math.max(natural.width, natural.height) })
      const canvas = document.createElement('canvas')
      canvas.width = Math.ceil(viewport.width)
      canvas.height = Math.ceil(viewport.height)
      const context = canvas.getContext('2d')
      if (!context) return undefined
      context.fillStyle = '#fff'
      context.fillRect(0, 0, canvas.width, canvas.height)
      await page.render({ canvas, canvasContext: context, viewport }).promise
      return await new Promise<Blob | undefined>((resolve) =>
        canvas.toBlob((blob) => resolve(blob ?? undefined), 'image/webp', 0.8),
      )
    } finally {
      void pdf.cleanup()
    }
  } catch {
    return undefined
  }
}
