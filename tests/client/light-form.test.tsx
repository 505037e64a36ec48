// @vitest-environment jsdom
// The sign-in page's forms (ui/use-light-form.ts) behave as the app's other forms: the schema's messages
// on their fields before anything is sent, the first wrong field focused, a message that follows what
// is typed after a first attempt, the parsed values sent once valid, and the server's messages placed.
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type LightForm, useLightForm } from '#client/ui/use-light-form.ts'
import { loginSchema } from '#shared/auth.schema.ts'

// React's act() needs to know it runs in a test.
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })

type Values = { email: string; password: string }
let host: HTMLDivElement
let root: Root
let form: LightForm<Values> | undefined

function Login({ send }: { send: (values: Values) => Promise<void> }) {
  const f = useLightForm(loginSchema, { email: 'ana@demo.test', password: '' }) as LightForm<Values>
  form = f
  return (
    <form onSubmit={f.handleSubmit(send)} noValidate>
      <input type="email" data-testid="email" {...f.register('email')} />
      <output data-testid="email-error">{f.formState.errors.email?.message}</output>
      <input type="password" data-testid="password" {...f.register('password')} />
      <output data-testid="password-error">{f.formState.errors.password?.message}</output>
      <output data-testid="busy">{String(f.formState.isSubmitting)}</output>
    </form>
  )
}

const el = (id: string) => host.querySelector<HTMLInputElement>(`[data-testid="${id}"]`)!

async function type(id: string, value: string) {
  const input = el(id)
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value)
  await act(async () => {
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

async function submit() {
  await act(async () => {
    host.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))
  })
}

beforeEach(() => {
  host = document.createElement('div')
  document.body.append(host)
  root = createRoot(host)
})
afterEach(() => {
  act(() => root.unmount())
  host.remove()
  form = undefined
})

describe('useLightForm', () => {
  it('starts from the given values, and checks the fields before sending anything', async () => {
    const send = vi.fn(async () => undefined)
    await act(async () => root.render(<Login send={send} />))
    expect(el('email').value).toBe('ana@demo.test')
    await type('email', 'not-an-email')
    await submit()
    expect(send).not.toHaveBeenCalled()
    expect(el('email-error').textContent).not.toBe('')
    expect(el('password-error').textContent).not.toBe('')
    // The first wrong field takes the focus, so a keyboard or screen reader user lands on it.
    expect(document.activeElement).toBe(el('email'))
  })

  it("after a first attempt, a field's message follows what is typed", async () => {
    await act(async () => root.render(<Login send={async () => undefined} />))
    await type('email', 'nope')
    await submit()
    expect(el('email-error').textContent).not.toBe('')
    await type('email', 'ana@demo.test')
    expect(el('email-error').textContent).toBe('')
    // The other field keeps its message until it is fixed.
    expect(el('password-error').textContent).not.toBe('')
  })

  it('sends the values once they are valid, busy until the answer comes', async () => {
    let answer: () => void = () => undefined
    const send = vi.fn((_values: Values) => new Promise<void>((resolve) => (answer = resolve)))
    await act(async () => root.render(<Login send={send} />))
    await type('password', 'demo12345')
    await submit()
    expect(send).toHaveBeenCalledTimes(1)
    expect(send.mock.calls[0]![0]).toMatchObject({ email: 'ana@demo.test', password: 'demo12345' })
    expect(el('busy').textContent).toBe('true')
    await act(async () => answer())
    expect(el('busy').textContent).toBe('false')
  })

  it("places the server's message on its field", async () => {
    await act(async () => root.render(<Login send={async () => undefined} />))
    await act(async () =>
      form!.setError('email', { type: 'server', message: 'These credentials do not match.' }),
    )
    expect(el('email-error').textContent).toBe('These credentials do not match.')
  })
})
