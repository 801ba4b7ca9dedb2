export type RetryOptions = {
  /** How many times to try again after the first failure. */
  retries: number;
  /** Wait before the first retry (ms). */
  initialDelayMs: number;
  /** Each following wait is the previous one times this. */
  factor: number;
  sleep?: (ms: number) => Promise<void>;
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `task`; on failure waits and tries again (exponential backoff), rethrowing the last error. */
export async function retryWithBackoff<T>(task: () => Promise<T>, options: RetryOptions): Promise<T> {
  const sleep = options.sleep ?? defaultSleep;
  let delay = options.initialDelayMs;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await task();
    } catch (error) {
      if (attempt >= options.retries) throw error;
      await sleep(delay);
      delay *= options.factor;
    }
  }
}
