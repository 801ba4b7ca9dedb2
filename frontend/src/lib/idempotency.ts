/**
 * Idempotency keys for POSTs that move money: one key per submission, the SAME key when the same
 * submission is retried (a failure, a timeout), a new key once the body changes or a call succeeded.
 */
export type IdempotencyKeeper = {
  /** The key to send with this body. */
  keyFor: (body: unknown) => string;
  /** After a success: the next submission gets a new key. */
  reset: () => void;
};

export function createIdempotencyKeeper(newKey: () => string = () => crypto.randomUUID()): IdempotencyKeeper {
  let current: { key: string; body: string } | null = null;
  return {
    keyFor(body) {
      const serialized = JSON.stringify(body);
      if (!current || current.body !== serialized) current = { key: newKey(), body: serialized };
      return current.key;
    },
    reset() {
      current = null;
    },
  };
}
