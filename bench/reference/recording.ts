// What `record.ts` hands the reference server: per request, the app's SQL and its answer.

export type RecordedRequest = { url: string; headers: Record<string, string> }

export type Statement = { sql: string; values: unknown[] }

export type Recording = RecordedRequest & {
  statements: Statement[]
  status: number
  /** The app's answer headers, without its length and encoding (the reference sets its own). */
  answerHeaders: Record<string, string>
  /** The answer's plain body. */
  body: string
}

/** Which recording a request to the reference stands for: the same path and token. */
export function recordingKey(path: string, headers: Record<string, string | undefined>): string {
  return `${path}|${headers.authorization ?? ''}`
}
