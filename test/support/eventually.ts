/**
 * Retries `assertion` until it passes or `timeoutMs` has passed, then throws its last error.
 * Lets contract tests wait for asynchronous adapters without guessing sleep lengths.
 */
export const eventually = async <T>(assertion: () => T | Promise<T>, timeoutMs = 5000, intervalMs = 10): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await assertion();
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
};
