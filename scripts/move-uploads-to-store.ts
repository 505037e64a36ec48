// `node scripts/move-uploads-to-store.ts`: copies DATA_DIR/uploads into the S3-compatible store that
// S3_BUCKET and the S3_* variables name (README, "PostgreSQL and load balancers"). Safe to run again.
import { join } from 'node:path'
import { loadConfig, storageFor } from '../src/server/config.ts'
import { moveFilesToStore } from '../src/server/platform/move-files.ts'

const config = loadConfig()
if (!config.s3) {
  console.error('S3_BUCKET is not set: there is no store to move the files to.')
  process.exit(1)
}
const moved = await moveFilesToStore(join(config.dataDir, 'uploads'), storageFor(config), (key) =>
  console.log(key),
)
console.log(
  `${moved} file(s) copied to ${config.s3.bucket}; ${join(config.dataDir, 'uploads')} was left as it was.`,
)
