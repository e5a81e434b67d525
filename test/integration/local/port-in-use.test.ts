// A busy port ends `npm start` with one sentence saying what to do, not an EADDRINUSE stack: the API (which also
// serves the web app) and every other listener given a port (the emulators and the event bus; npm start lets those
// pick free ports, and DynamoDB Local chooses again when a chosen port is taken before Java binds it).
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startApiServer } from '#local/api-server.ts';
import { startDynamoDbLocal } from '#local/dynamodb-local.ts';
import { startEventBus } from '#local/event-bus.ts';
import { startFauxqsLocal } from '#local/fauxqs-local.ts';
import { PortInUseError } from '#local/port-in-use.ts';

/** Runs `work` with a port of 127.0.0.1 held by another listener. */
async function withBusyPort<T>(work: (port: number) => Promise<T>): Promise<T> {
  const squatter: Server = createServer();
  await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
  try {
    return await work((squatter.address() as AddressInfo).port);
  } finally {
    await new Promise((resolve) => squatter.close(resolve));
  }
}

describe('local API server on a busy port', () => {
  it('rejects with PortInUseError naming the port and how to pick another', async () => {
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
    const { port } = squatter.address() as AddressInfo;
    try {
      const failure = await startApiServer({ port, log: () => undefined }).catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(PortInUseError);
      expect((failure as Error).message).toBe(
        `port ${port} on 127.0.0.1 is already in use (another npm start, or another program): stop it, or start on a free port with PORT=${port + 1} npm start`,
      );
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });
});

describe('the other local listeners on a busy port', () => {
  const remedy = 'stop it, or let it pick a free port (no port option)';
  const sentence = (what: string, port: number) => `${what}: port ${port} on 127.0.0.1 is already in use (another npm start, or another program): ${remedy}`;

  it('the event bus rejects with PortInUseError naming itself', async () => {
    await withBusyPort(async (port) => {
      const failure = await startEventBus({ port, log: () => undefined }).catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(PortInUseError);
      expect((failure as Error).message).toBe(sentence('event bus', port));
    });
  });

  it('fauxqs rejects with PortInUseError naming itself', async () => {
    await withBusyPort(async (port) => {
      const failure = await startFauxqsLocal({ port }).catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(PortInUseError);
      expect((failure as Error).message).toBe(sentence('fauxqs (SQS, S3)', port));
    });
  });

  it('DynamoDB Local rejects with PortInUseError before starting Java', async () => {
    await withBusyPort(async (port) => {
      const failure = await startDynamoDbLocal({ port }).catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(PortInUseError);
      expect((failure as Error).message).toBe(sentence('DynamoDB Local', port));
    });
  });
});
