import { END, excludeSystemEvents, type EventStoreDBClient } from '@eventstore/db-client';

const RENEW_DELAY_MS = 1000;

export interface AppendSubscription {
  close(): Promise<void>;
}

/**
 * Calls `onAppended` for every event other than the server's own appended to `$all` from now on.
 * A dropped subscription is renewed in the background from the end of `$all`; appends meanwhile go
 * unnoticed, so `onAppended` is also called after each renewal (followers poll as well).
 * Resolves once the server confirmed the first subscription, so nothing appended afterwards is missed.
 */
export const subscribeToAppends = async (client: EventStoreDBClient, onAppended: () => void): Promise<AppendSubscription> => {
  let closed = false;
  let current: ReturnType<EventStoreDBClient['subscribeToAll']> | undefined;
  let renewal: NodeJS.Timeout | undefined;

  const subscribe = () =>
    new Promise<void>((resolve, reject) => {
      const subscription = client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
      current = subscription;
      let confirmed = false;
      let dropped = false;
      const drop = (error?: Error) => {
        if (!confirmed) return reject(error ?? new Error('subscription ended before the server confirmed it'));
        if (dropped || closed) return;
        dropped = true;
        renewLater();
      };
      subscription.on('data', () => onAppended());
      subscription.once('confirmation', () => {
        confirmed = true;
        resolve();
      });
      subscription.on('error', drop);
      subscription.on('end', () => drop());
    });

  const renewLater = () => {
    renewal = setTimeout(() => {
      subscribe().then(() => {
        if (!closed) onAppended();
      }, renewLater);
    }, RENEW_DELAY_MS);
  };

  await subscribe();
  return {
    async close() {
      closed = true;
      clearTimeout(renewal);
      await current?.unsubscribe();
    },
  };
};
