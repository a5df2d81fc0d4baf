/**
 * Waits for `work` while calling `heartbeat` every `intervalMs`. kafkajs heartbeats only between messages, so
 * without this a handler slower than the session timeout would lose its partitions and see its message again.
 */
export const heartbeatWhile = async <T>(
  work: Promise<T>,
  heartbeat: () => Promise<void>,
  intervalMs: number,
  onHeartbeatError: (error: unknown) => void,
): Promise<T> => {
  const timer = setInterval(() => heartbeat().catch(onHeartbeatError), intervalMs);
  try {
    return await work;
  } finally {
    clearInterval(timer);
  }
};
