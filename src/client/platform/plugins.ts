// Start-up plugins (spec section 4): each loads on its own; one failing does not stop the others.
export type Plugin = { name: string; load: () => unknown | Promise<unknown> }

export async function loadPlugins(plugins: Plugin[]): Promise<void> {
  await Promise.all(
    plugins.map(async (plugin) => {
      try {
        await plugin.load()
      } catch (error) {
        console.error('Error while loading plugin', plugin.name, error)
      }
    }),
  )
}
