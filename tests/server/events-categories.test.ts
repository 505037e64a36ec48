// The calendar's categories: those who manage events add, rename, recolour and delete them; every
// member's mirror follows; a deleted category leaves its events in place, without a colour.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CalendarEvent, EventCategory } from '#shared/events.schema.ts'
import type { SyncChange } from '#shared/sync.ts'
import { createEvent, eventInput } from './helpers/events.ts'
import { body, EN, type ErrorBody } from './helpers/http.ts'
import { deleteIds, mirrorOf, pullAll } from './helpers/sync.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
const tok: Record<string, string> = {}

beforeAll(async () => {
  t = await createTestApp()
  for (const who of ['staff', 'admin', 'guardian']) tok[who] = await t.login(`${who}@demo.test`)
  tok.beta = await t.login('admin@beta.test', 'beta.localhost')
})
afterAll(async () => {
  await t.close()
})

const send = (method: string, path: string, token: string, json?: unknown, host = 'localhost') =>
  t.request(method, path, { token, json, host, headers: EN })

async function newCategory(name: string, color = '#0f766e'): Promise<EventCategory> {
  const res = await send('POST', '/api/v1/event-categories', tok.staff!, { name, color })
  expect(res.status).toBe(201)
  return body<EventCategory>(res)
}

/** What a mirror holds for `key` after these changes. */
function dataOf(changes: SyncChange[], key: string): unknown {
  const change = mirrorOf(changes).get(key)
  return change?.op === 'put' ? change.data : undefined
}

const listed = async (token = tok.staff!, host = 'localhost') =>
  (
    await body<{ data: EventCategory[] }>(
      await send('GET', '/api/v1/event-categories', token, undefined, host),
    )
  ).data

describe('adding', () => {
  it('stores the name and the colour in lower case; the same name again answers the same category', async () => {
    const res = await send('POST', '/api/v1/event-categories', tok.staff!, {
      name: 'Deportes',
      color: '#15803D',
    })
    expect(res.status).toBe(201)
    const created = await body<EventCategory>(res)
    expect(created).toEqual({ id: expect.any(Number), name: 'Deportes', color: '#15803d' })
    const again = await send('POST', '/api/v1/event-categories', tok.staff!, {
      name: 'Deportes',
      color: '#000000',
    })
    expect(again.status).toBe(200)
    expect(await body(again)).toEqual(created)
    expect((await listed(tok.guardian)).filter((c) => c.name === 'Deportes')).toEqual([created])
  })

  it('refuses a blank name or a colour that is not #rrggbb, on the field', async () => {
    const blank = await send('POST', '/api/v1/event-categories', tok.staff!, { name: '  ', color: '#0f766e' })
    expect(blank.status).toBe(422)
    expect(Object.keys((await body<ErrorBody>(blank)).errors ?? {})).toEqual(['name'])
    const colour = await send('POST', '/api/v1/event-categories', tok.staff!, { name: 'Arte', color: 'red' })
    expect(colour.status).toBe(422)
    expect((await body<ErrorBody>(colour)).errors).toEqual({
      color: ['Please choose a colour such as #1d4ed8'],
    })
  })
})

describe('changing', () => {
  it('renames and recolours it; every mirror gets the new one on its next pull', async () => {
    const category = await newCategory('Salidas')
    const { cursor } = await pullAll(t, tok.guardian!)
    const res = await send('PUT', `/api/v1/event-categories/${category.id}`, tok.staff!, {
      name: 'Salidas pedagógicas',
      color: '#B45309',
    })
    expect(res.status).toBe(200)
    const changed = { id: category.id, name: 'Salidas pedagógicas', color: '#b45309' }
    expect(await body(res)).toEqual(changed)
    const { changes } = await pullAll(t, tok.guardian!, { since: cursor })
    expect(dataOf(changes, `event_categories:${category.id}`)).toEqual(changed)
  })

  it("refuses another category's name (422, on the name) and changes nothing", async () => {
    const first = await newCategory('Reunión general')
    const second = await newCategory('Charlas')
    const res = await send('PUT', `/api/v1/event-categories/${second.id}`, tok.staff!, {
      name: 'Reunión general',
      color: '#000000',
    })
    expect(res.status).toBe(422)
    expect((await body<ErrorBody>(res)).errors).toEqual({
      name: ['A category with this name already exists'],
    })
    expect((await listed()).filter((c) => [first.id, second.id].includes(c.id))).toEqual(
      [first, second].sort((a, b) => a.name.localeCompare(b.name)),
    )
    // Its own name, with another colour, is fine.
    const same = await send('PUT', `/api/v1/event-categories/${second.id}`, tok.staff!, {
      name: 'Charlas',
      color: '#7c3aed',
    })
    expect(same.status).toBe(200)
  })

  it('answers 404 to an unknown id or one that is not a number', async () => {
    for (const id of ['999999', 'abc', '0', '-1']) {
      const res = await send('PUT', `/api/v1/event-categories/${id}`, tok.staff!, {
        name: 'X',
        color: '#000000',
      })
      expect(res.status, id).toBe(404)
    }
  })
})

describe('deleting', () => {
  it('leaves its events without a category, and mirrors drop the category and follow the events', async () => {
    const category = await newCategory('Efemérides')
    const event = await createEvent(t, tok.staff!, { name: 'Día del libro', category_id: category.id })
    const { cursor } = await pullAll(t, tok.guardian!)

    const res = await send('DELETE', `/api/v1/event-categories/${category.id}`, tok.staff!)
    expect(res.status).toBe(204)
    const stored = await body<CalendarEvent>(await send('GET', `/api/v1/events/${event.id}`, tok.guardian!))
    expect(stored).toMatchObject({ name: 'Día del libro', category_id: null, updated_at: event.updated_at })

    const { changes } = await pullAll(t, tok.guardian!, { since: cursor })
    expect(deleteIds(changes, 'event_categories')).toEqual([String(category.id)])
    expect(dataOf(changes, `events:${event.id}`)).toMatchObject({ category_id: null })
    expect((await listed()).some((c) => c.id === category.id)).toBe(false)

    // Gone: deleting again is 404, and a new event cannot use it.
    expect((await send('DELETE', `/api/v1/event-categories/${category.id}`, tok.staff!)).status).toBe(404)
    const late = await send('POST', '/api/v1/events', tok.staff!, {
      ...eventInput({ category_id: category.id }),
    })
    expect(late.status).toBe(422)
    expect((await body<ErrorBody>(late)).errors).toEqual({
      category_id: ['This category no longer exists. Please choose another.'],
    })
  })
})

describe('who may change them', () => {
  it('families may read but not add, change or delete (403), and nothing changes', async () => {
    const category = await newCategory('Solo personal')
    for (const [method, path] of [
      ['POST', '/api/v1/event-categories'],
      ['PUT', `/api/v1/event-categories/${category.id}`],
      ['DELETE', `/api/v1/event-categories/${category.id}`],
    ] as const) {
      const res = await send(method, path, tok.guardian!, { name: 'Familias', color: '#000000' })
      expect(res.status, `${method} ${path}`).toBe(403)
    }
    expect((await listed()).find((c) => c.id === category.id)).toEqual(category)
  })

  it("another college's administrator cannot change or delete them (404), nor see them", async () => {
    const category = await newCategory('Privada')
    expect(
      (
        await send(
          'PUT',
          `/api/v1/event-categories/${category.id}`,
          tok.beta!,
          { name: 'X', color: '#000000' },
          'beta.localhost',
        )
      ).status,
    ).toBe(404)
    expect(
      (
        await send(
          'DELETE',
          `/api/v1/event-categories/${category.id}`,
          tok.beta!,
          undefined,
          'beta.localhost',
        )
      ).status,
    ).toBe(404)
    expect((await listed()).find((c) => c.id === category.id)).toEqual(category)
    expect((await listed(tok.beta, 'beta.localhost')).some((c) => c.id === category.id)).toBe(false)
  })
})
