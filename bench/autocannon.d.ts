// The part of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  type Histogram = {
    min: number
    max: number
    average: number
    stddev: number
    total: number
    p2_5: number
    p50: number
    p75: number
    p90: number
    p97_5: number
    p99: number
    p99_9: number
  }

  export type Options = {
    url: string
    connections?: number
    duration?: number
    pipelining?: number
    headers?: Record<string, string>
    method?: string
    timeout?: number
  }

  export type Result = {
    requests: Histogram
    latency: Histogram
    throughput: Histogram
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
    '3xx': number
  }

  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
