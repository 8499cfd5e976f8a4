import { expect, test } from '@playwright/test';
import { mediasoupWorkerPids } from '../support/mediasoup-worker';
import { serverPid } from './support/e2e-servers';
import { enterCall, expectVideoAdvancing, openCallParties, peerConnectionCount, trackPeerConnections } from './support/call-parties';

/**
 * The SFU's mediasoup workers are killed mid-call (as a crash would): the server starts new ones and
 * tells both sides to rejoin; each builds its transports again and the video returns on both sides,
 * with no reload. Only the SFU project has workers to kill.
 */
test('media comes back on both sides after the SFU worker dies mid-call', async ({ browser, baseURL }) => {
  const call = await openCallParties(browser);
  const { patient, doctor, consultationId } = call;
  try {
    await trackPeerConnections(patient.page);
    await trackPeerConnections(doctor.page);
    await enterCall(patient.page, consultationId);
    await enterCall(doctor.page, consultationId);
    await expectVideoAdvancing(patient.page, 'remote-video');
    await expectVideoAdvancing(doctor.page, 'remote-video');
    const links = { patient: await peerConnectionCount(patient.page), doctor: await peerConnectionCount(doctor.page) };

    // Every worker of the e2e SFU server, so the one carrying this call is among them.
    const server = serverPid(baseURL!);
    const killed = mediasoupWorkerPids(server);
    expect(killed.length).toBeGreaterThan(0);
    for (const pid of killed) process.kill(pid, 'SIGKILL');

    // New transports (new peer connections) on both sides, and frames through them.
    await expect.poll(() => peerConnectionCount(patient.page)).toBeGreaterThan(links.patient);
    await expect.poll(() => peerConnectionCount(doctor.page)).toBeGreaterThan(links.doctor);
    await expectVideoAdvancing(patient.page, 'remote-video');
    await expectVideoAdvancing(doctor.page, 'remote-video');
    await expect(patient.page.getByText('Reconnecting...')).toBeHidden();
    await expect(doctor.page.getByText('Reconnecting...')).toBeHidden();
    const replaced = mediasoupWorkerPids(server);
    expect(replaced).toHaveLength(killed.length);
    expect(replaced.filter((pid) => killed.includes(pid))).toEqual([]);
  } finally {
    await call.close();
  }
});
