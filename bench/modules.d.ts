// Minimal typings for the two dev tools the bench uses (neither ships its own).
declare module "autocannon" {
  namespace autocannon {
    interface Stats {
      average: number;
      total: number;
      p50: number;
      p99: number;
      max: number;
    }
    interface Result {
      requests: Stats;
      latency: Stats;
      throughput: Stats;
      errors: number;
      timeouts: number;
      non2xx: number;
      "2xx": number;
      "5xx": number;
      statusCodeStats: Record<string, { count: number }>;
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      amount?: number;
      pipelining?: number;
      headers?: Record<string, string>;
      method?: string;
      body?: string;
      timeout?: number;
    }
  }
  function autocannon(opts: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
declare module "cli-progress" {
  interface Bar {
    start(total: number, value: number): void;
    update(value: number): void;
    stop(): void;
  }
  const cliProgress: {
    SingleBar: new (opts: Record<string, unknown>, preset?: unknown) => Bar;
    Presets: { shades_classic: unknown };
  };
  export default cliProgress;
}
