// The service worker's side of web push: no push service can be reached from here, so the message is
// delivered through the DevTools protocol, as a push service would hand it to the browser.
import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { origin, signIn } from '../helpers/session.ts'
import { waitForServiceWorker } from '../helpers/sync.ts'

// One DevTools session per page: a fresh session for each push has, under load, delivered a
// message that never reached the worker. A push service may deliver twice as well, and the tag makes
// a second delivery replace the first, so the helper delivers again if nothing shows in time.
async function pushDelivery(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page)
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL.startsWith(origin()) && !r.isDeleted)
      if (ours) resolve(ours.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  const id = await registrationId
  return async (payload: { id: string; [field: string]: unknown }) => {
    const shown = async () => (await shownNotifications(page)).some((n) => n.tag === payload.id)
    for (let attempt = 0; attempt < 3 && !(await shown()); attempt++) {
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: origin(),
        registrationId: id,
        data: JSON.stringify(payload),
      })
      await expect
        .poll(shown, { timeout: 5000 })
        .toBe(true)
        .catch(() => undefined)
    }
  }
}

async function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      icon: n.icon,
      tag: n.tag,
      requireInteraction: n.requireInteraction,
      data: n.data as unknown,
    }))
  })
}

test('a push shows the notice with the college icon, and an emergency stays until it is touched', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications'], { origin: origin() })
  await signIn(page, 'guardian@demo.test')
  await waitForServiceWorker(page)
  const deliverPush = await pushDelivery(context, page)

  const icon = '/icons/1/abc-192.png'
  await deliverPush({
    id: '01930000-0000-7000-8000-000000000001',
    title: 'Reunión de apoderados',
    body: 'El jueves a las 19:00.',
    emergency: false,
    icon,
    url: '/notifications/?open=01930000-0000-7000-8000-000000000001',
  })
  await expect.poll(async () => (await shownNotifications(page)).length).toBe(1)
  expect((await shownNotifications(page))[0]).toMatchObject({
    title: 'Reunión de apoderados',
    body: 'El jueves a las 19:00.',
    icon: `${origin()}${icon}`,
    tag: '01930000-0000-7000-8000-000000000001',
    requireInteraction: false,
    data: { url: '/notifications/?open=01930000-0000-7000-8000-000000000001' },
  })

  await deliverPush({
    id: '01930000-0000-7000-8000-000000000002',
    title: 'Sismo',
    body: 'Evacuación a la zona segura.',
    emergency: true,
    icon,
    url: '/notifications/?open=01930000-0000-7000-8000-000000000002',
  })
  await expect.poll(async () => (await shownNotifications(page)).length).toBe(2)
  const emergency = (await shownNotifications(page)).find((n) => n.tag.endsWith('2'))
  expect(emergency).toMatchObject({ title: '⚠ Sismo', requireInteraction: true })
})
