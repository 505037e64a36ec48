// Files in an S3-compatible object store (AWS S3, MinIO, Ceph, R2…), so several app servers share
// them without a shared disk. Chosen with S3_BUCKET (config.ts); the local disk stays the default.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import type { Storage } from './storage.ts'

export type S3Settings = {
  bucket: string
  /** An S3-compatible server's address; AWS's own when unset. */
  endpoint?: string
  region: string
  accessKeyId?: string
  secretAccessKey?: string
  /** `bucket` in the path (`https://host/bucket/key`), as most servers other than AWS need. */
  forcePathStyle: boolean
  /** Keys start with this (`colleges/…` becomes `<prefix>colleges/…`): one bucket for several installs. */
  prefix: string
}

export function s3Storage(settings: S3Settings): Storage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // The SDK's default checksums (CRC32 on every upload) are not understood by every S3-compatible server.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const Bucket = settings.bucket
  const keyOf = (key: string) => {
    if (key.startsWith('/') || key.split('/').includes('..')) throw new Error(`Unsafe storage key: ${key}`)
    return `${settings.prefix}${key}`
  }
  async function fetchObject(key: string) {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }))
    } catch (error) {
      // A missing file is "no file", as on disk; anything else (the store down) is an error.
      if (error instanceof NoSuchKey) return undefined
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return undefined
      throw error
    }
  }
  return {
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(key), Body: data }))
    },
    async get(key) {
      const answer = await fetchObject(key)
      return answer?.Body ? Buffer.from(await answer.Body.transformToByteArray()) : undefined
    },
    async open(key) {
      const answer = await fetchObject(key)
      if (!answer?.Body) return undefined
      const body = answer.Body.transformToWebStream() as ReadableStream<Uint8Array>
      return { body, size: answer.ContentLength }
    },
    async remove(key) {
      // Deleting a key that is not there succeeds, as on disk.
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }))
    },
  }
}
