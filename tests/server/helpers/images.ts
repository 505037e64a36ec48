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
