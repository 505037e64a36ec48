import { describe, expect, it, vi } from 'vitest'
import { loadPlugins } from '#client/platform/plugins.ts'

describe('start-up plugins', () => {
  it('logs a failing plugin with its name and the error, and still loads the others', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const loaded: string[] = []
    const boom = new Error('boom')
    await loadPlugins([
      { name: 'translations', load: () => loaded.push('translations') },
      {
        name: 'calendar',
        load: () => {
          throw boom
        },
      },
      { name: 'toasts', load: async () => loaded.push('toasts') },
    ])
    expect(loaded.sort()).toEqual(['toasts', 'translations'])
    expect(errors).toHaveBeenCalledWith('Error while loading plugin', 'calendar', boom)
    errors.mockRestore()
  })
})
