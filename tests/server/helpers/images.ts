// Real images made with sharp, for upload tests.
import sharp from 'sharp'

type Format = 'png' | 'jpeg' | 'webp'

export async function makeImage(
  format: Format,
  width = 640,
  height = 480,
  color = '#3366cc',
): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: color } })
  return base.toFormat(format).toBuffer()
}

export async function imageMetadata(data: ArrayBuffer | Buffer) {
  return sharp(Buffer.isBuffer(data) ? data : Buffer.from(data)).metadata()
}

/** A post picture upload as the app sends it: the device's id for it, and a 640×480 PNG. */
export async function pictureUpload(id: string): Promise<FormData> {
  const form = new FormData()
  form.set('id', id)
  form.set(
    'file',
    new Blob([new Uint8Array(await makeImage('png', 640, 480))], { type: 'image/png' }),
    'p.png',
  )
  return form
}
