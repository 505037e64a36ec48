/** `work`, or a failure naming `what` once it has waited `ms`: a wait on a lock shows as a failed test. */
export function within<T>(ms: number, work: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    work,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what} waited over ${ms} ms`)), ms)),
  ])
}
