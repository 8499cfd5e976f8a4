/**
 * Closing a Redis client as the process stops: never waits on a Redis that is gone, whether the client
 * already knows it (it is reconnecting) or Redis went away between the client reading ready and its
 * QUIT's answer.
 */
import { closeRedisClient } from '../../signalling/redis';

function fakeClient(isReady: boolean, closeAnswers: boolean) {
  const calls: string[] = [];
  return {
    calls,
    isReady,
    close: () => {
      calls.push('close');
      return closeAnswers ? Promise.resolve() : new Promise<void>(() => {});
    },
    unref: () => void calls.push('unref'),
  };
}

it('closes a ready client whose QUIT is answered, and does not merely let it go', async () => {
  const client = fakeClient(true, true);
  await closeRedisClient(client as never);
  expect(client.calls).toEqual(['close']);
});

it('lets go of a reconnecting client without sending a QUIT it would hold', async () => {
  const client = fakeClient(false, false);
  await closeRedisClient(client as never);
  expect(client.calls).toEqual(['unref']);
});

it('lets go of a ready client whose QUIT is never answered (Redis gone in between) instead of waiting for it', async () => {
  const client = fakeClient(true, false);
  const startedAt = Date.now();
  await closeRedisClient(client as never);
  expect(client.calls).toEqual(['close', 'unref']);
  expect(Date.now() - startedAt).toBeLessThan(10_000);
}, 15_000);
