// Writes src/client/route-tree.gen.ts from the route files, as the Vite plugin does on a build, so
// the type check sees new routes without a build (`npm run routes`).
import { Generator, getConfig } from '@tanstack/router-generator'

const config = getConfig({
  target: 'react',
  autoCodeSplitting: true,
  routesDirectory: './src/client/routes',
  generatedRouteTree: './src/client/route-tree.gen.ts',
  routeFileIgnorePrefix: '-',
})
await new Generator({ config, root: process.cwd() }).run()
