import { expect, test } from '@playwright/test';
import { coturnMissing, startCoturn, type Coturn } from '../support/coturn';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { SHARED_DATABASE_ENV, mediaEnv } from './support/e2e-servers';
import { enterCall, expectVideoAdvancing, openCallParties, selectedLocalCandidateTypes, trackPeerConnections } from './support/call-parties';

/**
 * A self-hoster behind a strict firewall: ICE_TRANSPORT_POLICY=relay makes both browsers send their
 * media only through the TURN server, here a real coturn on loopback that accepts the time-limited
 * credentials each join hands out (TURN_URLS, TURN_SECRET). Runs peer-to-peer and through the SFU.
 * Without coturn installed it is skipped and says why; CI never skips it.
 */
const missing = coturnMissing();
if (missing) console.log(`TURN relay journey ${process.env.CI ? 'must run in CI but cannot' : 'skipped'}: ${missing}`);

test.describe('a call relayed through TURN', () => {
  test.skip(Boolean(missing) && !process.env.CI, missing ?? '');

  let coturn: Coturn | undefined;
  let server: ServerProcess | undefined;
  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(180_000);
    coturn = await startCoturn();
    server = await startServerProcess({
      ...mediaEnv(testInfo.project.metadata.media),
      ...SHARED_DATABASE_ENV,
      // The throwaway TURN server relays from loopback only: the SFU must be reachable there.
      MEDIASOUP_LISTEN_IP: '127.0.0.1',
      MEDIASOUP_WORKERS: '1',
      LOG_LEVEL: 'debug',
      TURN_URLS: coturn.url,
      TURN_SECRET: coturn.secret,
      ICE_TRANSPORT_POLICY: 'relay',
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await coturn?.stop();
  });

  test('both sides see each other with every media link on a relay candidate, and no TURN secret is logged', async ({ browser }) => {
    const media = test.info().project.metadata.media as 'p2p' | 'sfu';
    const call = await openCallParties(browser, 'video', { patient: server!.url, doctor: server!.url });
    const { patient, doctor, consultationId } = call;
    try {
      await trackPeerConnections(patient.page);
      await trackPeerConnections(doctor.page);
      await enterCall(patient.page, consultationId);
      await enterCall(doctor.page, consultationId);
      await expectVideoAdvancing(patient.page, 'remote-video');
      await expectVideoAdvancing(doctor.page, 'remote-video');

      // Peer-to-peer is one link each; through the SFU each side has a sending and a receiving one.
      const links = media === 'sfu' ? ['relay', 'relay'] : ['relay'];
      await expect.poll(() => selectedLocalCandidateTypes(patient.page)).toEqual(links);
      await expect.poll(() => selectedLocalCandidateTypes(doctor.page)).toEqual(links);

      // The credentials are this join's own: '<expiry>:<account id>', valid for an hour (TURN_CREDENTIAL_TTL_SECONDS).
      const config = await patient.page.evaluate(() => {
        const pc = (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections.find((p) => p.connectionState === 'connected')!;
        return pc.getConfiguration();
      });
      expect(config.iceTransportPolicy).toBe('relay');
      const turn = config.iceServers!.find((s) => [s.urls].flat().includes(coturn!.url))!;
      const [expiry, subject] = (turn.username ?? '').split(':');
      expect(Number(expiry) - Date.now() / 1000).toBeGreaterThan(3600 - 120);
      expect(Number(expiry) - Date.now() / 1000).toBeLessThanOrEqual(3600);
      expect(subject).toMatch(/^[0-9a-f-]{36}$/);
      expect(server!.output()).not.toContain(coturn!.secret);
      expect(server!.output()).not.toContain(turn.credential as string);
    } finally {
      await call.close();
    }
  });
});
