import { Client, escapeIdentifier } from 'pg';

const RECONNECT_DELAY_MS = 1000;

export interface NotificationListener {
  close(): Promise<void>;
}

/**
 * Keeps one dedicated connection LISTENing on `channel` and calls `onNotification` for each
 * notification. A lost connection is re-established in the background; notifications sent meanwhile
 * are lost, so `onNotification` is also called after each reconnect (followers poll as well).
 * Resolves once the first LISTEN is active, so nothing committed afterwards goes unnoticed.
 */
export const listenForNotifications = async (
  connectionString: string,
  channel: string,
  onNotification: () => void,
): Promise<NotificationListener> => {
  let closed = false;
  let client: Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const candidate = new Client({ connectionString, connectionTimeoutMillis: 10_000 });
    // An error ends the connection too; 'end' below reconnects.
    candidate.on('error', () => undefined);
    candidate.on('notification', () => onNotification());
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${escapeIdentifier(channel)}`);
    } catch (error) {
      await candidate.end().catch(() => undefined);
      throw error;
    }
    if (closed) return candidate.end();
    candidate.on('end', () => {
      if (!closed) reconnectLater();
    });
    client = candidate;
  };

  const reconnectLater = () => {
    retry = setTimeout(() => {
      connect().then(() => {
        if (!closed) onNotification();
      }, reconnectLater);
    }, RECONNECT_DELAY_MS);
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end();
    },
  };
};
