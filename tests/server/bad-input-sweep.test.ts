// Every endpoint, sent what a broken client or an attacker sends: wrong types, numbers past what the
// database holds, NUL and control characters, huge strings, impossible dates and cursors. The answer
// is always a clear 4xx (or a success), never a 500, on SQLite and PostgreSQL alike.
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { body, EN } from './helpers/http.ts'
import { makeImage } from './helpers/images.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let admin: string
let guardian: string
let postId: string
let courseId: number
let notificationId: string
let owner: string
let guardianId: number
let roleId: number
let contactId: number

const BAD_VALUES: [string, unknown][] = [
  ['a number', 12345],
  ['a huge integer', 2_147_483_648],
  ['an unsafe integer', Number.MAX_SAFE_INTEGER + 2],
  ['a huge float', 1e308],
  ['a negative number', -1],
  ['true', true],
  ['null', null],
  ['an array', ['x', 1]],
  ['an object', { nested: 'x' }],
  ['NUL', 'a\u0000b'],
  ['control characters', 'a\u0001\u001b[31mred'],
  ['10,000 characters', 'x'.repeat(10_000)],
  ['a date past year 9999', '+010000-01-01T00:00:00.000Z'],
  ['an impossible date', '2026-13-45T99:99:99Z'],
  ['emoji and RTL marks', '😀\u202Etxet'],
  ['a huge numeric string', '99999999999999999999999'],
]

type Call = { method: string; path: string; token?: () => string; json?: Record<string, unknown> }

function calls(): Call[] {
  const a = () => admin
  const g = () => guardian
  const post = {
    id: uuidv7(),
    title: 'T',
    content: '<p>x</p>',
    grades: ['all'],
    courses: ['all'],
    category_id: null,
    publish_at: null,
    image_ids: [],
  }
  return [
    {
      method: 'POST',
      path: '/api/login-mobile',
      json: { email: 'nobody@demo.test', password: 'wrong-pass', device_name: 'phone' },
    },
    { method: 'POST', path: '/api/forgot-password-user', json: { email: 'nobody@demo.test' } },
    {
      method: 'POST',
      path: '/api/reset-password',
      json: {
        token: 'x',
        email: 'nobody@demo.test',
        password: 'abcdefgh',
        password_confirmation: 'abcdefgh',
      },
    },
    { method: 'POST', path: '/api/colleges/domain', json: { domain: 'localhost', company: null } },
    {
      method: 'POST',
      path: '/api/v1/users/update/profile',
      token: g,
      json: { name: 'Gabriela', email: 'guardian@demo.test', rut: '', phone: '', birthdate: '' },
    },
    {
      method: 'PUT',
      path: '/api/v1/users/update/password',
      token: g,
      json: { current_password: 'x', password: 'abcdefgh', password_confirmation: 'abcdefgh' },
    },
    { method: 'POST', path: '/api/v1/courses', token: a, json: { grade_id: 1, name: 'Z' } },
    { method: 'PUT', path: `/api/v1/students/1/courses`, token: a, json: { course_ids: [1] } },
    { method: 'POST', path: '/api/v1/posts', token: a, json: post },
    { method: 'PUT', path: `/api/v1/posts/${'{post}'}`, token: a, json: { ...post, id: undefined } },
    {
      method: 'POST',
      path: `/api/v1/posts/${'{post}'}/read`,
      token: g,
      json: { read_at: '2026-01-01T00:00:00Z' },
    },
    {
      method: 'POST',
      path: `/api/v1/notifications/${'{notification}'}/read`,
      token: g,
      json: { read_at: '2026-01-01T00:00:00Z' },
    },
    { method: 'POST', path: '/api/v1/post-categories', token: a, json: { name: 'Z' } },
    {
      method: 'POST',
      path: `/api/v1/notifications/${'{notification}'}/answer`,
      token: g,
      json: { answer: 'read', answered_at: '2026-01-01T00:00:00Z' },
    },
    {
      method: 'POST',
      path: '/api/v1/college-notifications',
      token: a,
      json: {
        id: uuidv7(),
        title: 'T',
        content: 'C',
        emergency: false,
        send_at: null,
        scope: 'users',
        users: [1],
      },
    },
    {
      method: 'POST',
      path: '/api/v1/college-notifications/preview',
      token: a,
      json: { scope: 'grades', grades: [1] },
    },
    {
      method: 'POST',
      path: '/api/v1/push/subscriptions',
      token: g,
      json: { endpoint: 'https://push.example/x', keys: { p256dh: 'BA', auth: 'AA' } },
    },
    { method: 'POST', path: '/api/v1/push/subscriptions/remove', token: g, json: { endpoint: 'https://x' } },
    // Administration.
    {
      method: 'POST',
      path: '/api/v1/users',
      token: a,
      json: {
        name: 'Z',
        first_lastname: 'Y',
        email: 'sweep@demo.test',
        rut: '',
        role_id: 1,
        course_id: null,
        student_ids: [],
        send_welcome: false,
      },
    },
    {
      method: 'PUT',
      path: '/api/v1/users/{user}',
      token: a,
      json: { name: 'Gabriela', email: 'guardian@demo.test', role_id: 1, course_id: null },
    },
    { method: 'POST', path: '/api/v1/users/{user}/students', token: a, json: { student_id: 1 } },
    {
      method: 'POST',
      path: '/api/v1/users/bulk',
      token: a,
      json: { action: 'send_reset', ids: [1], role_id: 1 },
    },
    { method: 'POST', path: '/api/v1/roles', token: a, json: { name: 'Z', permissions: ['users.view'] } },
    {
      method: 'PUT',
      path: '/api/v1/roles/{role}',
      token: a,
      json: { name: 'Z', permissions: ['users.view'] },
    },
    {
      method: 'PUT',
      path: '/api/v1/college',
      token: a,
      json: {
        name: 'Colegio Demo',
        short_name: 'Demo',
        acronym: 'CD',
        slug: 'demo',
        address: 'x',
        commune_id: null,
        email: 'contacto@demo.test',
        phone: '1',
        theme_color: '#1d4ed8',
        show_onboarding: true,
        have_advertising: false,
        app_status_publishing: 1,
        language: 'es',
        timezone: 'America/Santiago',
      },
    },
    { method: 'PUT', path: '/api/v1/college/history', token: a, json: { history: '<p>x</p>' } },
    { method: 'PUT', path: '/api/v1/college/slides/order', token: a, json: { ids: [1] } },
    {
      method: 'PUT',
      path: '/api/v1/college/social',
      token: a,
      json: { links: [{ network: 'website', url: 'https://demo.test' }] },
    },
    {
      method: 'PUT',
      path: '/api/v1/college/contacts',
      token: a,
      json: { intro: 'x', contacts: [{ area: 'x', name: 'y', email: '', phone: '' }] },
    },
    {
      method: 'POST',
      path: '/api/v1/college/contact-messages',
      json: { name: 'Z', email: 'z@example.com', phone: '', message: 'x', website: '' },
    },
    {
      method: 'POST',
      path: '/api/v1/contact-messages',
      token: a,
      json: { name: 'Z', email: 'z@example.com', phone: '', message: 'x' },
    },
    {
      method: 'POST',
      path: '/api/v1/contact-messages/{contact}/status',
      token: a,
      json: { status: 'handled' },
    },
    { method: 'POST', path: '/api/v1/contact-messages/{contact}/replies', token: a, json: { body: 'x' } },
    {
      method: 'PUT',
      path: '/api/v1/integrations/mail',
      token: a,
      json: {
        host: '',
        port: 587,
        security: 'starttls',
        user: '',
        password: '',
        clear_password: false,
        from_address: '',
        from_name: '',
      },
    },
    {
      method: 'POST',
      path: '/api/v1/integrations/mail/test',
      token: a,
      json: { host: '127.0.0.1', port: 1, security: 'none', user: '', password: '', to: 'z@demo.test' },
    },
    {
      method: 'POST',
      path: '/api/v1/platform/colleges',
      token: () => owner,
      json: {
        name: 'Z',
        slug: 'sweep',
        hosts: ['sweep.localhost'],
        language: 'es',
        admin_name: 'Z',
        admin_email: 'z@sweep.test',
      },
    },
  ]
}

function resolve(path: string): string {
  return path
    .replace('{post}', postId)
    .replace('{notification}', notificationId)
    .replace('{user}', String(guardianId))
    .replace('{role}', String(roleId))
    .replace('{contact}', String(contactId))
}

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.login('admin@demo.test')
  guardian = await t.login('guardian@demo.test')
  const created = await t.request('POST', '/api/v1/posts', {
    token: admin,
    json: { id: uuidv7(), title: 'Sweep', content: '<p>x</p>', grades: ['all'], courses: ['all'] },
  })
  postId = (await body(created)).id
  const grades = await body(await t.request('GET', '/api/v1/grades', { token: admin }))
  courseId = grades.courses[0].id
  const notifications = await body(await t.request('GET', '/api/v1/notifications', { token: guardian }))
  notificationId = notifications.data[0].id
  owner = await t.login('root@platform.test')
  guardianId = (await body(await t.request('GET', '/api/v1/user', { token: guardian }))).id
  roleId = (await body(await t.request('POST', '/api/v1/roles', { token: admin, json: { name: 'Sweep' } })))
    .id
  contactId = (
    await body(
      await t.request('POST', '/api/v1/contact-messages', {
        token: admin,
        json: { name: 'Z', email: 'z@example.com', message: 'x' },
      }),
    )
  ).id
})
afterAll(async () => {
  await t.close()
})

async function expectNoServerError(method: string, path: string, options: Parameters<TestApp['request']>[2]) {
  const res = await t.request(method, path, { ...options, headers: { ...EN, ...options?.headers } })
  expect(res.status, `${method} ${path} ${JSON.stringify(options?.json ?? '').slice(0, 120)}`).toBeLessThan(
    500,
  )
  return res
}

describe('every JSON field, sent every bad value', () => {
  for (const call of calls()) {
    it(`${call.method} ${call.path}`, async () => {
      for (const field of Object.keys(call.json ?? {}).filter((key) => call.json?.[key] !== undefined)) {
        for (const [, value] of BAD_VALUES) {
          const json = { ...call.json, [field]: value }
          const res = await expectNoServerError(call.method, resolve(call.path), {
            token: call.token?.(),
            json,
          })
          if (typeof value === 'string' && value.includes('\u0000'))
            expect(res.status).toBeGreaterThanOrEqual(400)
        }
      }
      // A body that is not an object at all.
      for (const raw of ['[]', '"text"', '12', 'null', '{"a":', '\u0000']) {
        await expectNoServerError(call.method, resolve(call.path), {
          token: call.token?.(),
          body: raw,
          headers: { 'content-type': 'application/json' },
        })
      }
    })
  }
})

describe('ids, cursors and numbers in paths and queries', () => {
  const ids = [
    '0',
    '-1',
    '2147483648',
    '99999999999999999999',
    '1.5',
    '1e3',
    '%00',
    'a%00b',
    '..%2F..%2Fetc',
    'x'.repeat(500),
  ]
  const cursors = [
    '%00',
    'AAAA',
    Buffer.from('["+010000-01-01T00:00:00.000Z","x"]').toString('base64url'),
    Buffer.from(JSON.stringify([1, 1, 0, 1e300])).toString('base64url'),
    Buffer.from(JSON.stringify([1, 2 ** 40, 0, 5])).toString('base64url'),
    Buffer.from('[1,1,0,"5\\u0000"]').toString('base64url'),
    Buffer.from('["2026-01-01T00:00:00.000Z","99999999999"]').toString('base64url'),
    Buffer.from('["Ana","-1"]').toString('base64url'),
    'x'.repeat(600),
  ]
  it('never answer 500', async () => {
    for (const id of ids) {
      await expectNoServerError('GET', `/api/v1/posts/${id}`, { token: admin })
      await expectNoServerError('PUT', `/api/v1/posts/${id}`, { token: admin, json: {} })
      await expectNoServerError('DELETE', `/api/v1/posts/${id}`, { token: admin })
      await expectNoServerError('POST', `/api/v1/posts/${id}/read`, { token: guardian, json: {} })
      await expectNoServerError('GET', `/api/v1/posts/${id}/reads`, { token: admin })
      await expectNoServerError('DELETE', `/api/v1/courses/${id}`, { token: admin })
      await expectNoServerError('PUT', `/api/v1/students/${id}/courses`, {
        token: admin,
        json: { course_ids: [courseId] },
      })
      await expectNoServerError('POST', `/api/v1/notifications/${id}/read`, { token: guardian, json: {} })
      await expectNoServerError('GET', `/api/v1/posts?category_id=${id}`, { token: admin })
      await expectNoServerError('GET', `/media/post-images/1/${id}`, {})
      await expectNoServerError('GET', `/icons/1/${id}`, {})
      await expectNoServerError('GET', `/api/v1/users/${id}`, { token: admin })
      await expectNoServerError('POST', `/api/v1/users/${id}/deactivate`, { token: admin })
      await expectNoServerError('DELETE', `/api/v1/users/${guardianId}/students/${id}`, { token: admin })
      await expectNoServerError('PUT', `/api/v1/roles/${id}`, { token: admin, json: { name: 'Z' } })
      await expectNoServerError('DELETE', `/api/v1/roles/${id}`, { token: admin })
      await expectNoServerError('DELETE', `/api/v1/college/managers/${id}`, { token: admin })
      await expectNoServerError('PUT', `/api/v1/college/slides/${id}`, { token: admin, json: {} })
      await expectNoServerError('GET', `/api/v1/contact-messages/${id}`, { token: admin })
      await expectNoServerError('POST', `/api/v1/platform/colleges/${id}/suspend`, { token: owner })
      for (const filter of ['role', 'grade', 'course', 'status', 'sort'])
        await expectNoServerError('GET', `/api/v1/users?${filter}=${id}`, { token: admin })
    }
    for (const cursor of cursors) {
      await expectNoServerError('GET', `/api/v1/posts?cursor=${cursor}`, { token: admin })
      await expectNoServerError('GET', `/api/v1/notifications?cursor=${cursor}`, { token: guardian })
      await expectNoServerError('GET', `/api/v1/sync?since=${cursor}`, { token: guardian })
      await expectNoServerError('GET', `/api/v1/users?cursor=${cursor}`, { token: admin })
      await expectNoServerError('GET', `/api/v1/users?sort=-created_at&cursor=${cursor}`, { token: admin })
      await expectNoServerError('GET', `/api/v1/college/managers?cursor=${cursor}`, { token: admin })
      await expectNoServerError('GET', `/api/v1/contact-messages?cursor=${cursor}`, { token: admin })
      await expectNoServerError('GET', `/api/v1/platform/colleges?cursor=${cursor}`, { token: owner })
    }
    for (const limit of ['0', '-5', '2147483648', '1e309', 'abc', '%00']) {
      await expectNoServerError('GET', `/api/v1/posts?limit=${limit}`, { token: admin })
      await expectNoServerError('GET', `/api/v1/sync?limit=${limit}`, { token: guardian })
    }
  })

  it('refuses a NUL in a field with the field message, in the user’s language', async () => {
    const res = await t.request('POST', '/api/colleges/domain', {
      json: { domain: 'local\u0000host' },
      headers: { 'accept-language': 'es' },
    })
    expect(res.status).toBe(422)
    expect((await body(res)).errors.domain[0]).toMatch(/caracteres/)
    const login = await t.request('POST', '/api/login-mobile', {
      json: { email: 'guardian@demo.test', password: 'demo12345', device_name: 'phone\u0000' },
      headers: EN,
    })
    expect(login.status).toBe(422)
    expect((await body(login)).errors.device_name).toEqual([
      'This text contains invisible control characters. Please type it again.',
    ])
  })

  it('refuses ids past what the database holds with a 422, not a 500', async () => {
    const post = { id: uuidv7(), title: 'T', content: '<p>x</p>', grades: [2_147_483_648], courses: ['all'] }
    const res = await t.request('POST', '/api/v1/posts', { token: admin, json: post, headers: EN })
    expect(res.status).toBe(422)
    const category = await t.request('POST', '/api/v1/posts', {
      token: admin,
      json: { ...post, grades: ['all'], category_id: 2_147_483_648 },
      headers: EN,
    })
    expect((await body(category)).errors.category_id).toEqual(['Please enter a valid number'])
  })

  it('answers a sync cursor past the counter’s range with a reset, never a 500', async () => {
    const since = Buffer.from(JSON.stringify([1, 3, 0, 2 ** 63])).toString('base64url')
    const res = await t.request('GET', `/api/v1/sync?since=${since}`, { token: guardian })
    expect(res.status).toBe(200)
    expect((await body(res)).reset).toBe(true)
  })
})

describe('uploads', () => {
  it('never answer 500 to a broken multipart body or a fake picture', async () => {
    for (const raw of ['--x\r\n', 'not multipart', '\u0000'.repeat(100)]) {
      await expectNoServerError('POST', '/api/v1/post-images', {
        token: admin,
        body: raw,
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      })
    }
    const form = new FormData()
    form.set('id', uuidv7())
    form.set(
      'file',
      new Blob([new Uint8Array((await makeImage('png', 8, 8)).subarray(0, 40))], { type: 'image/png' }),
      'cut.png',
    )
    const res = await expectNoServerError('POST', '/api/v1/post-images', { token: admin, body: form })
    expect(res.status).toBe(422)
    for (const path of [
      '/api/v1/users/import/preview',
      '/api/v1/users/import',
      '/api/v1/college/images/logo',
      '/api/v1/college/managers',
      '/api/v1/college/slides',
    ]) {
      for (const raw of ['--x\r\n', 'not multipart', '\u0000'.repeat(100)]) {
        await expectNoServerError('POST', path, {
          token: admin,
          body: raw,
          headers: { 'content-type': 'multipart/form-data; boundary=x' },
        })
      }
      const junk = new FormData()
      for (const field of ['file', 'photo', 'image'])
        junk.set(field, new Blob([new Uint8Array([0, 255, 0, 1, 2, 3])], { type: 'text/csv' }), 'junk.csv')
      junk.set('name', 'Z')
      await expectNoServerError('POST', path, { token: admin, body: junk })
    }
  })
})
