/**
 * Work a client waits for (API requests), counted so background work in the same process (the embedded
 * pipeline) can give way to it: a document's steps can wait a few milliseconds, a client's request
 * should not wait behind them.
 */
export interface ForegroundWork {
  /** True while at least one piece of foreground work is under way. */
  busy(): boolean;
  /** Marks one piece of foreground work begun; the function it returns marks it finished (once). */
  begin(): () => void;
  /** Called each time the last piece of foreground work finished; returns the unsubscribe. */
  onIdle(listener: () => void): () => void;
}

export const createForegroundWork = (): ForegroundWork => {
  let underWay = 0;
  const listeners = new Set<() => void>();
  return {
    busy: () => underWay > 0,
    begin() {
      underWay += 1;
      let finished = false;
      return () => {
        if (finished) return;
        finished = true;
        underWay -= 1;
        if (underWay === 0) for (const listener of listeners) listener();
      };
    },
    onIdle(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
};

/**
 * The process's API requests: the HTTP shell counts them, the in-process bus yields to them. One per
 * process, like the process's event loop they share.
 */
export const apiRequests: ForegroundWork = createForegroundWork();
