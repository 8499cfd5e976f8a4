import { expect, test } from '@playwright/test';
import { embeddedDatabaseUrl } from '../../db/embedded';
import { sfuTestsRun, testMediasoupWorkerBin } from '../support/mediasoup-worker';
import { startRedis, type RedisServer } from '../support/redis';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { enterCall, expectVideoAdvancing, openCallParties } from './support/call-parties';

/**
 * Two server processes behind one Redis and one PostgreSQL, as behind a load balancer: the patient
 * reaches one, the doctor the other, and they still see each other through the SFU.
 */
test.describe('a call across two server processes', () => {
  test.skip(!sfuTestsRun('SFU cluster journey'), 'no mediasoup worker');
  let redis: RedisServer;
  const servers: ServerProcess[] = [];

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    redis = await startRedis();
    const env = {
      DATABASE_URL: embeddedDatabaseUrl(Number(process.env.E2E_PG_PORT ?? 54349)),
      REDIS_URL: redis.url,
      SEED_DEMO: 'false',
      MEDIA_MODE: 'sfu',
      MEDIASOUP_WORKER_BIN: testMediasoupWorkerBin() ?? '',
      MEDIASOUP_WORKERS: '1',
      MEDIASOUP_LISTEN_IP: '127.0.0.1',
      LOG_LEVEL: 'warn',
      LOGIN_FREE_FAILURES: '1000',
      LOGIN_ADDRESS_MAX_FAILURES: '100000',
    };
    servers.push(await startServerProcess(env), await startServerProcess(env));
  });
  test.afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await redis?.stop();
  });

  test('a patient on one process and their doctor on the other see each other through the SFU', async ({ browser }) => {
    const [patientServer, doctorServer] = servers.map((server) => server.url.replace('127.0.0.1', 'localhost'));
    for (const url of [patientServer, doctorServer]) expect((await (await fetch(`${url}/api/health`)).json()).media).toBe('sfu');
    const call = await openCallParties(browser, 'video', { patient: patientServer, doctor: doctorServer });
    try {
      await enterCall(call.patient.page, call.consultationId);
      await enterCall(call.doctor.page, call.consultationId);
      await expectVideoAdvancing(call.patient.page, 'remote-video');
      await expectVideoAdvancing(call.doctor.page, 'remote-video');
    } finally {
      await call.close();
    }
  });
});
