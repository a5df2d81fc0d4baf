/**
 * The `onAppended` hints of an event store. A hint must never turn a committed append into a
 * failure, so a listener that throws is ignored.
 */
export const createAppendListeners = () => {
  const listeners = new Set<() => void>();
  return {
    add(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify(): void {
      for (const listener of listeners) {
        try {
          listener();
        } catch {
          // ignored on purpose, see above
        }
      }
    },
  };
};
