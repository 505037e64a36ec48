// A local stand-in for Transbank's Webpay Plus REST API (v1.2), as the transbank-sdk calls it: the real one
// cannot be reached from test machines. It answers with Transbank's field names and records every request.
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type Recorded = { method: string; path: string; headers: IncomingHttpHeaders; body: unknown }

/** `normal` answers like Transbank; `fail` answers every request 500; `hang` never answers. */
export type StandInMode = 'normal' | 'fail' | 'hang'

/** What commit does to a checkout: approve it, or reject it as the bank would (response_code -1, FAILED). */
export type CommitOutcome = 'approved' | 'rejected'

export type WebpayStandIn = {
  /** Base address to give the SDK (the provider's `baseUrl`). */
  url: string
  requests: Recorded[]
  script: {
    setMode(mode: StandInMode): void
    /** How commit answers for this token; approved unless told otherwise. */
    onCommit(token: string, outcome: CommitOutcome): void
  }
  close(): Promise<void>
}

const BASE = '/rswebpaytransaction/api/webpay/v1.2/transactions'

type Checkout = {
  buy_order: string
  session_id: string
  amount: number
  status: 'INITIALIZED' | 'AUTHORIZED' | 'FAILED'
  outcome: CommitOutcome
  committedAt: string | null
}

export async function startWebpayStandIn(): Promise<WebpayStandIn> {
  const requests: Recorded[] = []
  const checkouts = new Map<string, Checkout>()
  let mode: StandInMode = 'normal'
  let url = ''

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const text = Buffer.concat(chunks).toString('utf8')
    let body: unknown = null
    try {
      body = text ? JSON.parse(text) : null
    } catch {
      body = text
    }
    const path = req.url ?? ''
    requests.push({ method: req.method ?? '', path, headers: req.headers, body })

    if (mode === 'hang') return
    if (mode === 'fail') return send(res, 500, { error_message: 'Internal Server Error' })
    if (!req.headers['tbk-api-key-id'] || !req.headers['tbk-api-key-secret']) {
      return send(res, 401, { error_message: 'Not Authorized' })
    }
    if (req.method === 'POST' && path === BASE) return create(res, body)
    const token = path.startsWith(`${BASE}/`) ? path.slice(BASE.length + 1) : ''
    const checkout = checkouts.get(token)
    if (!token || token.includes('/')) return send(res, 404, { error_message: 'Not Found' })
    if (!checkout) return send(res, 422, { error_message: 'Invalid value for parameter: token' })
    if (req.method === 'GET') return send(res, 200, view(checkout))
    if (req.method === 'PUT') return commit(res, checkout)
    return send(res, 405, { error_message: 'Method Not Allowed' })
  })

  function create(res: ServerResponse, body: unknown) {
    const b = (body ?? {}) as Partial<
      Record<'buy_order' | 'session_id' | 'return_url', string> & { amount: number }
    >
    if (!b.buy_order || !b.session_id || !b.return_url || typeof b.amount !== 'number' || b.amount <= 0) {
      return send(res, 422, { error_message: 'Invalid value for parameter: transaction' })
    }
    const token = randomBytes(32).toString('hex')
    checkouts.set(token, {
      buy_order: b.buy_order,
      session_id: b.session_id,
      amount: b.amount,
      status: 'INITIALIZED',
      outcome: 'approved',
      committedAt: null,
    })
    send(res, 200, { token, url: `${url}/webpayserver/initTransaction` })
  }

  function commit(res: ServerResponse, checkout: Checkout) {
    // Transbank commits a token once; asking again is a 422, the outcome stays readable through status.
    if (checkout.status !== 'INITIALIZED') {
      return send(res, 422, { error_message: 'Transaction already locked by another process' })
    }
    checkout.status = checkout.outcome === 'approved' ? 'AUTHORIZED' : 'FAILED'
    checkout.committedAt = new Date().toISOString()
    send(res, 200, view(checkout))
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url,
    requests,
    script: {
      setMode(next) {
        mode = next
      },
      onCommit(token, outcome) {
        const checkout = checkouts.get(token)
        if (!checkout) throw new Error(`The stand-in has no checkout for token ${token}`)
        checkout.outcome = outcome
      },
    },
    close: () =>
      new Promise<void>((resolve) => {
        // Hanging requests keep their sockets open; close() alone would wait for them forever.
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

// Before commit Transbank knows only the order; the card and authorization come with the bank's answer.
function view(c: Checkout) {
  const done = c.status !== 'INITIALIZED'
  const approved = c.status === 'AUTHORIZED'
  return {
    vci: done ? 'TSY' : null,
    amount: c.amount,
    status: c.status,
    buy_order: c.buy_order,
    session_id: c.session_id,
    card_detail: done ? { card_number: '6623' } : null,
    accounting_date: (c.committedAt ?? new Date().toISOString()).slice(5, 10).replace('-', ''),
    transaction_date: c.committedAt ?? new Date().toISOString(),
    authorization_code: approved ? '1213' : done ? '000000' : null,
    payment_type_code: done ? 'VN' : null,
    response_code: done ? (approved ? 0 : -1) : null,
    installments_number: 0,
  }
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}
