// `npm start`: a plain JavaScript first step, so an old Node says what to install instead of failing
// on the server's TypeScript (which Node runs directly from 22.18 and 24).
if (!process.features.typescript) {
  console.error(
    `College app needs Node.js 24 (or 22.18+), which runs TypeScript; this is ${process.version}. Install it from https://nodejs.org or with: npm install --prefix ~/.cache/node24 node@24`,
  )
  process.exit(1)
}
await import('../src/server/main.ts')
