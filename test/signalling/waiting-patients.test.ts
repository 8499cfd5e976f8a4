import type { PatientWaitingEvent } from '../../common/socket-events';
import { caughtUp, createCallParties, nextEvent, recorder, request, signedInSocket, useSignallingServer, type ClientSocket } from './helpers';

/**
 * The doctor's dashboard learns that a patient waits in the call without them: a push to the doctor's
 * own room on every join, leave and disconnect, and an answer listing who waits when it opens.
 */
const harness = useSignallingServer();
const socketFor = (client: Parameters<typeof signedInSocket>[1]) => harness.socketFor(client);

const waitingPush = (socket: ClientSocket, consultationId: string, waiting: boolean) =>
  nextEvent<PatientWaitingEvent>(socket, 'consultation:patientWaiting', (e) => e.consultationId === consultationId && e.waiting === waiting);

describe("'consultation:patientWaiting'", () => {
  it("goes to the doctor's screens when the patient is in the call without them, and stops when the doctor comes or the patient leaves", async () => {
    const parties = await createCallParties(harness.server.url);
    const consultationId = parties.consultation.id;
    const dashboard = await socketFor(parties.doctorHttp);
    const patient = await socketFor(parties.patientHttp);
    const patientLog = recorder(patient);

    const waiting = waitingPush(dashboard, consultationId, true);
    await request(patient, 'consultation:join', { consultationId });
    expect(await waiting).toEqual({ consultationId, waiting: true, patientName: 'Nora Quinn', waitingSince: expect.any(String) });

    const call = await socketFor(parties.doctorHttp);
    const answered = waitingPush(dashboard, consultationId, false);
    await request(call, 'consultation:join', { consultationId });
    expect(await answered).toEqual({ consultationId, waiting: false });

    const leftAlone = waitingPush(dashboard, consultationId, true);
    await request(call, 'consultation:leave', { consultationId });
    expect(await leftAlone).toMatchObject({ waiting: true, patientName: 'Nora Quinn', waitingSince: expect.any(String) });

    const gone = waitingPush(dashboard, consultationId, false);
    await request(patient, 'consultation:leave', { consultationId });
    await gone;

    const back = waitingPush(dashboard, consultationId, true);
    await request(patient, 'consultation:join', { consultationId });
    await back;
    const closed = waitingPush(dashboard, consultationId, false);
    patient.disconnect();
    await closed;
    expect(patientLog.events.filter((e) => e.event === 'consultation:patientWaiting')).toEqual([]);
  });

  it('keeps a patient whose connection dropped waiting, since they first came (they are reconnecting, not gone)', async () => {
    const parties = await createCallParties(harness.server.url);
    const consultationId = parties.consultation.id;
    const dashboard = await socketFor(parties.doctorHttp);
    const patient = await socketFor(parties.patientHttp);
    const waiting = waitingPush(dashboard, consultationId, true);
    const joinedAround = Date.now();
    await request(patient, 'consultation:join', { consultationId });
    const { waitingSince } = (await waiting) as { waitingSince: string };
    expect(Math.abs(Date.parse(waitingSince) - joinedAround)).toBeLessThan(5000);

    const dashboardLog = recorder(dashboard);
    const stillWaiting = waitingPush(dashboard, consultationId, true);
    patient.io.engine.close();
    // Still waiting since they first came: a dropped connection does not restart the wait.
    expect(await stillWaiting).toMatchObject({ waitingSince });
    const answer = await request(dashboard, 'consultation:waitingPatients', {});
    expect(answer).toEqual({ ok: true, data: { patients: [{ consultationId, patientName: 'Nora Quinn', waitingSince }] } });
    expect(dashboardLog.events).not.toContainEqual({ event: 'consultation:patientWaiting', args: [{ consultationId, waiting: false }] });

    const returned = await socketFor(parties.patientHttp);
    await request(returned, 'consultation:join', { consultationId });
    expect(await request(dashboard, 'consultation:waitingPatients', {})).toEqual({ ok: true, data: { patients: [{ consultationId, patientName: 'Nora Quinn', waitingSince }] } });
  });

  it('is never raised for a consultation that is over, nor sent to anyone else', async () => {
    const parties = await createCallParties(harness.server.url, { status: 'completed' });
    const consultationId = parties.consultation.id;
    const dashboard = await socketFor(parties.doctorHttp);
    const others = await createCallParties(harness.server.url);
    const otherDoctor = await socketFor(others.doctorHttp);
    const otherLog = recorder(otherDoctor);
    const patient = await socketFor(parties.patientHttp);

    // A completed consultation's history can still be opened, but its call has no room to wait in.
    const dashboardLog = recorder(dashboard);
    expect((await request(patient, 'consultation:join', { consultationId })).ok).toBe(true);
    // Both doctors' answers come behind any push the join made to them.
    expect(await request(dashboard, 'consultation:waitingPatients', {})).toEqual({ ok: true, data: { patients: [] } });
    await caughtUp(otherDoctor);
    expect(dashboardLog.events.filter((e) => e.event === 'consultation:patientWaiting')).toEqual([]);
    expect(otherLog.events).toEqual([]);
  });
});

describe("'consultation:waitingPatients'", () => {
  it("lists the doctor's consultations with a patient waiting now, and no others", async () => {
    const first = await createCallParties(harness.server.url);
    const doctorId = first.doctor.record.id;
    const second = await createCallParties(harness.server.url);
    // A second consultation of the same doctor, with another patient, whose doctor is already in the call.
    const attended = await createCallParties(harness.server.url);
    await attended.consultation.$query().patch({ doctorId });

    const dashboard = await socketFor(first.doctorHttp);
    expect(await request(dashboard, 'consultation:waitingPatients', {})).toEqual({ ok: true, data: { patients: [] } });

    await request(await socketFor(first.patientHttp), 'consultation:join', { consultationId: first.consultation.id });
    await request(await socketFor(attended.patientHttp), 'consultation:join', { consultationId: attended.consultation.id });
    await request(await socketFor(first.doctorHttp), 'consultation:join', { consultationId: attended.consultation.id });
    // Another doctor's waiting patient is not this doctor's business.
    await request(await socketFor(second.patientHttp), 'consultation:join', { consultationId: second.consultation.id });

    expect(await request(dashboard, 'consultation:waitingPatients', {})).toEqual({
      ok: true,
      data: { patients: [{ consultationId: first.consultation.id, patientName: 'Nora Quinn', waitingSince: expect.any(String) }] },
    });
  });

  it('answers doctors only, and takes no payload', async () => {
    const parties = await createCallParties(harness.server.url);
    const patient = await socketFor(parties.patientHttp);
    expect(await request(patient, 'consultation:waitingPatients', {})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const dashboard = await socketFor(parties.doctorHttp);
    const extra = await request(dashboard, 'consultation:waitingPatients', { doctorId: parties.doctor.record.id });
    expect(extra).toMatchObject({ ok: false, error: { code: 'validation_failed', fields: { doctorId: 'Unknown field: doctorId' } } });
  });
});
