// This browser's push subscription: asked for only when the person turns notifications on, handed to
// the server with their account, and dropped when they turn them off or sign out (a shared phone
// must not keep showing the last person's notifications).
import { api } from './api.ts'

export type PushState = 'unsupported' | 'denied' | 'off' | 'on'

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  )
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!pushSupported()) return undefined
  return navigator.serviceWorker.getRegistration()
}

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported'
  if (Notification.permission === 'denied') return 'denied'
  const reg = await registration()
  const subscription = await reg?.pushManager.getSubscription()
  return subscription && Notification.permission === 'granted' ? 'on' : 'off'
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
  return Uint8Array.from(raw, (c) => c.charCodeAt(0))
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i])
}

/** Asks the browser's permission, subscribes with the server's key and stores the subscription. */
export async function turnOnPush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported'
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off'
  const reg = (await registration()) ?? (await navigator.serviceWorker.ready)
  const { public_key } = await api.get('api/v1/push/key').json<{ public_key: string }>()
  let subscription = await reg.pushManager.getSubscription()
  // A subscription made with another key (a new server key) cannot receive our messages.
  const serverKey = keyBytes(public_key)
  const key = subscription?.options.applicationServerKey
  if (subscription && key && !sameBytes(new Uint8Array(key), serverKey)) {
    await subscription.unsubscribe()
    subscription = null
  }
  subscription ??= await reg.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: serverKey,
  })
  await api.post('api/v1/push/subscriptions', { json: subscription.toJSON() })
  return 'on'
}

export async function turnOffPush(): Promise<PushState> {
  const reg = await registration()
  const subscription = await reg?.pushManager.getSubscription()
  if (subscription) {
    await api
      .post('api/v1/push/subscriptions/remove', { json: { endpoint: subscription.endpoint } })
      .catch(() => undefined)
    await subscription.unsubscribe().catch(() => undefined)
  }
  return pushState()
}
