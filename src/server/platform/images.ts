// Pictures from users: checked by their content, refused above a pixel count before they are
// decoded, and processed a few at a time, so a flood of uploads cannot take the CPU from everyone.
import { availableParallelism } from 'node:os'
import sharp, { type Sharp } from 'sharp'
import { IMAGE_MAX_PIXELS } from '#shared/constants.ts'
import { messages } from '#shared/i18n/messages.ts'
import type { MessageDescriptor } from '#shared/i18n/translate.ts'
import { validationError } from './errors.ts'
import { randomToken } from './secrets.ts'
import type { Storage } from './storage.ts'

const ACCEPTED = new Set(['jpeg', 'png', 'webp'])

// Each job keeps to one libvips thread; at most half the cores work on pictures at once.
sharp.concurrency(1)
const SLOTS = Math.max(1, Math.floor(availableParallelism() / 2))
let busy = 0
const waiting: (() => void)[] = []

async function inSlot<T>(work: () => Promise<T>): Promise<T> {
  if (busy >= SLOTS) await new Promise<void>((resolve) => waiting.push(resolve))
  busy++
  try {
    return await work()
  } finally {
    busy--
    waiting.shift()?.()
  }
}

export type ImageProblem = 'type' | 'pixels'

export class ImageRefused extends Error {
  readonly problem: ImageProblem
  constructor(problem: ImageProblem) {
    super(`image refused: ${problem}`)
    this.problem = problem
  }
}

/** A sharp pipeline for a user's picture; decoding stops at the pixel limit. */
function open(input: Buffer): Sharp {
  return sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
}

/**
 * Reads a user's picture and runs `work` on it in a processing slot. Throws ImageRefused for a file
 * that is not a JPEG, PNG or WebP image (whatever its name says) or that has too many pixels.
 */
export async function processImage<T>(input: Buffer, work: (image: () => Sharp) => Promise<T>): Promise<T> {
  // The header alone says the size: a 31 KB PNG of 16000 x 16000 is refused here, undecoded.
  const meta = await sharp(input)
    .metadata()
    .catch(() => undefined)
  if (!meta?.format || !ACCEPTED.has(meta.format)) throw new ImageRefused('type')
  if ((meta.width ?? 0) * (meta.height ?? 0) > IMAGE_MAX_PIXELS) throw new ImageRefused('pixels')
  return inSlot(() =>
    work(() => open(input)).catch((error: unknown) => {
      // A file whose header lied about its content fails while decoding.
      throw error instanceof ImageRefused ? error : new ImageRefused('type')
    }),
  )
}

/**
 * Stores a user's picture as `prefix/<random>.<format>` after `shape` resizes it, or throws the 422
 * that names `field`: too big a file, not a picture, too many pixels. Returns the storage key.
 */
export async function storePicture(
  storage: Storage,
  prefix: string,
  file: File,
  options: {
    field: string
    maxBytes: number
    sizeMessage: MessageDescriptor
    typeMessage?: MessageDescriptor
    format?: 'webp' | 'png'
    shape: (image: Sharp) => Sharp
  },
): Promise<string> {
  const { field, format = 'webp' } = options
  if (file.size > options.maxBytes) throw validationError({ [field]: [options.sizeMessage] })
  let output: Buffer
  try {
    output = await processImage(Buffer.from(await file.arrayBuffer()), (image) => {
      const shaped = options.shape(image().rotate())
      return (format === 'png' ? shaped.png() : shaped.webp({ quality: 82 })).toBuffer()
    })
  } catch (error) {
    if (error instanceof ImageRefused)
      throw validationError({
        [field]: [
          error.problem === 'pixels' ? messages.imagePixels : (options.typeMessage ?? messages.imageType),
        ],
      })
    throw error
  }
  const key = `${prefix}/${randomToken(18)}.${format}`
  await storage.put(key, output)
  return key
}
