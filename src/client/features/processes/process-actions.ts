// The writes of those who manage processes. They need a connection (a practice's overlap with others
// is checked by the server against every process), and each answer goes into the mirror at once, so
// the screen shows it without waiting for the next pull.
import type { ApiErrorBody } from '#shared/api-types.ts'
import type { Process, ProcessInput, ScheduleInput } from '#shared/processes.schema.ts'
import { api, HttpError } from '../../platform/api.ts'
import { localDb } from '../../platform/sync/local-db.ts'

/** The answer of a write, into the mirror at once (the next pull brings the same). */
export async function storeProcess(process: Process): Promise<void> {
  await localDb()?.processes.put(process)
}

async function forget(id: string): Promise<void> {
  await localDb()?.processes.delete(id)
}

const statusOf = (error: unknown) => (error instanceof HttpError ? error.response.status : undefined)

/**
 * Someone else changed the process meanwhile: their copy goes into the mirror (the screen shows it),
 * and the error carries `conflictText` so the form says what happened. Gone: it leaves the mirror.
 */
async function settle(error: unknown, id: string, conflictText: string): Promise<never> {
  if (error instanceof HttpError && statusOf(error) === 409) {
    const current = (error.data as { current?: Process | null } | undefined)?.current
    if (current) await storeProcess(current)
    else await forget(id)
    throw new HttpError(error.response, { message: conflictText } satisfies ApiErrorBody)
  }
  if (statusOf(error) === 404) await forget(id)
  throw error
}

export async function createProcess(input: ProcessInput & { id: string }): Promise<Process> {
  const saved = await api.post('api/v1/processes', { json: input }).json<Process>()
  await storeProcess(saved)
  return saved
}

/** Sent with the version it was edited from (`base`): a newer one on the server answers 409. */
export async function updateProcess(
  input: ProcessInput & { id: string },
  base: string,
  conflictText: string,
): Promise<Process> {
  try {
    const saved = await api
      .put(`api/v1/processes/${input.id}`, { json: input, headers: { 'If-Match': `"${base}"` } })
      .json<Process>()
    await storeProcess(saved)
    return saved
  } catch (error) {
    return settle(error, input.id, conflictText)
  }
}

export async function deleteProcess(process: Process, conflictText: string): Promise<void> {
  try {
    await api.delete(`api/v1/processes/${process.id}`, {
      headers: { 'If-Match': `"${process.updated_at}"` },
    })
  } catch (error) {
    // Already deleted by someone else: what the person wanted.
    if (statusOf(error) === 404) return forget(process.id)
    return settle(error, process.id, conflictText)
  }
  await forget(process.id)
}

/** Creates or changes a practice (its id decides which); the answer is the whole process. */
export async function saveSchedule(
  processId: string,
  input: ScheduleInput & { id: string },
  conflictText: string,
): Promise<Process> {
  try {
    const saved = await api
      .put(`api/v1/processes/${processId}/schedules/${input.id}`, { json: input })
      .json<Process>()
    await storeProcess(saved)
    return saved
  } catch (error) {
    return settle(error, processId, conflictText)
  }
}

export async function deleteSchedule(
  processId: string,
  scheduleId: string,
  conflictText: string,
): Promise<Process> {
  try {
    const saved = await api.delete(`api/v1/processes/${processId}/schedules/${scheduleId}`).json<Process>()
    await storeProcess(saved)
    return saved
  } catch (error) {
    return settle(error, processId, conflictText)
  }
}
