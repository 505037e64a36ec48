// Settings read from the environment: a mistyped one stops the start with a message that names it.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { loadConfig } from '#server/config.ts'

const env = (more: Record<string, string>) => ({ DATA_DIR: mkdtempSync(join(tmpdir(), 'config-')), ...more })

it('takes DATABASE_POOL_SIZE as the PostgreSQL pool size, ten when unset or empty', () => {
  expect(loadConfig(env({})).databasePoolSize).toBe(10)
  expect(loadConfig(env({ DATABASE_POOL_SIZE: '' })).databasePoolSize).toBe(10)
  expect(loadConfig(env({ DATABASE_POOL_SIZE: '4' })).databasePoolSize).toBe(4)
  expect(loadConfig(env({ DATABASE_POOL_SIZE: ' 25 ' })).databasePoolSize).toBe(25)
})

it('refuses a DATABASE_POOL_SIZE that is not a whole number from 1 to 100, naming it', () => {
  for (const wrong of ['0', '-3', '2.5', 'ten', '1000']) {
    expect(() => loadConfig(env({ DATABASE_POOL_SIZE: wrong }))).toThrow(
      `DATABASE_POOL_SIZE must be a whole number of connections from 1 to 100; it is "${wrong}"`,
    )
  }
})
