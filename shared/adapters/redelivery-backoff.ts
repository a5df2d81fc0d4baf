/** Delay before redelivering a message after attempt number `attempt` (1-based) failed: 100 ms doubling, at most 5 s. */
export const exponentialBackoffMs = (attempt: number): number => Math.min(100 * 2 ** (attempt - 1), 5000);
