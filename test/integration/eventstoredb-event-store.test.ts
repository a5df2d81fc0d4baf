import { expect } from 'chai';
import { GenericContainer, Wait, getContainerRuntimeClient, type StartedTestContainer } from 'testcontainers';
import { openEventStoreDbEventStore } from '../../shared/adapters/eventstoredb/eventstoredb-event-store.js';
import type { AppError } from '../../shared/errors/app-error.js';
import { eventStoreContract } from '../contract/event-store.contract.js';
import { skipBecause } from './server-urls.js';

const IMAGE = 'eventstore/eventstore:24.10';
const HTTP_PORT = 2113;

const hasContainerRuntime = () =>
  getContainerRuntimeClient().then(
    () => true,
    () => false,
  );

/** A throwaway single node in memory, without TLS or projections. */
const startEventStoreDb = async () => {
  const container = await new GenericContainer(IMAGE)
    .withEnvironment({ EVENTSTORE_INSECURE: 'true', EVENTSTORE_MEM_DB: 'true', EVENTSTORE_RUN_PROJECTIONS: 'None' })
    .withExposedPorts(HTTP_PORT)
    .withWaitStrategy(Wait.forHttp('/health/live', HTTP_PORT).forStatusCode(204))
    .start();
  return { container, connectionString: `esdb://${container.getHost()}:${container.getMappedPort(HTTP_PORT)}?tls=false` };
};

describe('EventStoreDB event store', () => {
  let connectionString: string;
  let container: StartedTestContainer | undefined;
  before(async function () {
    this.timeout(300_000); // a first run pulls the image
    const given = process.env.EVENTSTORE_URL;
    if (given) {
      connectionString = given;
    } else if (await hasContainerRuntime()) {
      ({ container, connectionString } = await startEventStoreDb());
    } else {
      skipBecause(this, 'no EventStoreDB server: set EVENTSTORE_URL or run a Docker engine');
    }
  });
  after(() => container?.stop());

  eventStoreContract('eventstoredb event store', async () => {
    let current = await openEventStoreDbEventStore({ connectionString });
    return {
      store: current,
      reopen: async () => (current = await openEventStoreDbEventStore({ connectionString })),
      cleanup: () => current.close(),
    };
  });
});

describe('EventStoreDB event store without a server', () => {
  it('fails to open with the retriable service_unavailable error', async () => {
    const failure = await openEventStoreDbEventStore({ connectionString: 'esdb://127.0.0.1:1?tls=false' }).then(
      () => expect.fail('opened without a server'),
      (error: AppError) => error,
    );

    expect(failure).to.include({ code: 'service_unavailable', retriable: true });
  });
});
