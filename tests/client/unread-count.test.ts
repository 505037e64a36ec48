// The menu's count of unread notifications, counted on an index rather than by reading every
// notification: the same answer as reading them, after a local read, and on a mirror kept before the
// index existed.
import 'fake-indexeddb/auto'
import { afterEach, expect, it } from 'vitest'
import { unreadNotifications } from '#client/features/notifications/unread-count.ts'
import { createLocalDb, type LocalDb } from '#client/platform/sync/local-db.ts'
import type { Notification } from '#shared/api-types.ts'

let db: LocalDb | undefined
afterEach(async () => {
  await db?.delete()
})

const notification = (id: string, read_at: string | null): Notification => ({
  id,
  title: `Notice ${id}`,
  content: '',
  scope: 'college',
  emergency: false,
  read_at,
  answer: null,
  answered_at: null,
  created_at: `2026-11-${id.padStart(2, '0')}T10:00:00Z`,
})

const byReading = async () => (await db!.notifications.toArray()).filter((n) => !n.read_at).length

it('counts the notifications without a read time, and one fewer once one is opened here', async () => {
  db = createLocalDb('unread-count-1')
  await db.notifications.bulkPut([
    notification('1', null),
    notification('2', '2026-11-02T11:00:00Z'),
    notification('3', null),
    notification('4', null),
    notification('5', '2026-11-05T12:00:00Z'),
  ])
  expect(await unreadNotifications(db)).toBe(3)
  expect(await unreadNotifications(db)).toBe(await byReading())
  // Opened offline: marked read on the device, waiting to be sent.
  await db.notifications.update('3', { read_at: '2026-11-27T09:00:00Z', _sync: 'pending' })
  expect(await unreadNotifications(db)).toBe(2)
  await db.notifications.clear()
  expect(await unreadNotifications(db)).toBe(0)
})

it('counts right on a mirror kept before the read index existed', async () => {
  const name = 'unread-count-2'
  // Version 8 of the database: notifications indexed by their time only.
  const { default: Dexie } = await import('dexie')
  const old = new Dexie(name)
  old.version(8).stores({ notifications: 'id, created_at' })
  await old.open()
  await old
    .table('notifications')
    .bulkPut([notification('1', null), notification('2', '2026-11-02T11:00:00Z')])
  old.close()
  db = createLocalDb(name)
  expect(await unreadNotifications(db)).toBe(1)
})
