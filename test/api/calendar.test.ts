import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import { startTestServer, type TestServer } from '../support/app';
import { TestClient } from '../support/client';
import { doctorParty, patientParty, type Party } from './consultations-fixtures';
import { insertAppointment } from './records-fixtures';
import { Consultation, Doctor, type User } from '../../db/models';
import { REMINDER_MINUTES } from '../../server/services/calendar/ics';

let server: TestServer;
let alex: Party<User>;
let jordan: Party<User>;
let drPatel: Party<Doctor>;

beforeAll(async () => {
  server = await startTestServer();
  [alex, jordan, drPatel] = await Promise.all([patientParty(server.url), patientParty(server.url), doctorParty(server.url, { name: 'Dr. Amira Patel' })]);
});
afterAll(() => server.close());

/** Every VEVENT of an iCalendar text, parsed by ical.js; times resolve through the file's own VTIMEZONE. */
function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    const alarms = vevent.getAllSubcomponents('valarm');
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      location: event.location,
      url: vevent.getFirstPropertyValue('url') as string | null,
      startTzid: vevent.getFirstProperty('dtstart')!.getParameter('tzid'),
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      alarms: alarms.map((alarm) => ({
        action: alarm.getFirstPropertyValue('action'),
        triggerSeconds: (alarm.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds(),
      })),
    };
  });
}

const ics = (timeZone: string) => `timeZone=${encodeURIComponent(timeZone)}`;

describe('Add to calendar', () => {
  it('writes an appointment in the patient\'s zone with the right UTC instants on both sides of a daylight-saving change', async () => {
    const confirmationCode = `MV-${randomUUID().slice(0, 6).toUpperCase()}`;
    // London moves to BST on 28 March 2027: 09:00 local is 09:00Z the day before and 08:00Z the day after.
    const before = await insertAppointment(alex.account.record.id, { appointmentDate: new Date('2027-03-27T09:00:00Z'), duration: 45, reason: 'Chest pain follow-up', confirmationCode });
    const after = await insertAppointment(alex.account.record.id, { appointmentDate: new Date('2027-03-29T08:00:00Z'), reason: 'Chest pain follow-up' });

    const first = await alex.client.get(`/api/appointments/${before.id}/calendar.ics?${ics('Europe/London')}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(first.headers.get('content-disposition')).toBe('attachment; filename="appointment.ics"');
    expect(first.body).toContain('BEGIN:VTIMEZONE');
    expect(first.body).toContain('DTSTART;TZID=Europe/London:20270327T090000');
    const second = await alex.client.get(`/api/appointments/${after.id}/calendar.ics?${ics('Europe/London')}`);
    expect(second.body).toContain('DTSTART;TZID=Europe/London:20270329T090000');

    const [event] = eventsOf(first.body);
    expect(event).toEqual({
      uid: `appointment-${before.id}@medivault`,
      summary: 'Appointment with Dr. James Okafor',
      description: `Confirmation code: ${confirmationCode}`,
      location: 'Heart & Vascular Clinic',
      url: `${server.url}/appointments`,
      startTzid: 'Europe/London',
      start: '2027-03-27T09:00:00.000Z',
      end: '2027-03-27T09:45:00.000Z',
      alarms: [{ action: 'DISPLAY', triggerSeconds: -REMINDER_MINUTES * 60 }],
    });
    expect(eventsOf(second.body)[0]!.start).toBe('2027-03-29T08:00:00.000Z');
    expect(first.body).not.toContain('Chest pain');
  });

  it('writes a consultation with its call link across New York\'s switch back to standard time', async () => {
    // New York leaves EDT on 7 November 2027: 10:00 local is 14:00Z on the 6th and 15:00Z on the 8th.
    const [edt, est] = await Promise.all(
      [new Date('2027-11-06T14:00:00Z'), new Date('2027-11-08T15:00:00Z')].map((appointmentDate) =>
        Consultation.query().insertAndFetch({
          patientId: alex.account.record.id,
          doctorId: drPatel.account.record.id,
          appointmentDate,
          duration: 30,
          status: 'scheduled',
          consultationType: 'video',
          symptoms: 'Recurring migraine',
          fee: 5000,
        }),
      ),
    );
    const files = await Promise.all([edt, est].map((c) => alex.client.get(`/api/consultations/${c!.id}/calendar.ics?${ics('America/New_York')}`)));
    expect(files.map((f) => f.status)).toEqual([200, 200]);
    expect(files[0]!.body).toContain('DTSTART;TZID=America/New_York:20271106T100000');
    expect(files[1]!.body).toContain('DTSTART;TZID=America/New_York:20271108T100000');
    const [first, second] = files.map((f) => eventsOf(f.body)[0]!);
    expect([first!.start, second!.start]).toEqual(['2027-11-06T14:00:00.000Z', '2027-11-08T15:00:00.000Z']);
    const callLink = `${server.url}/video-call/${edt!.id}`;
    expect(first).toMatchObject({ summary: 'Consultation with Dr. Amira Patel (Video Call)', url: callLink, location: callLink, description: `Join the consultation: ${callLink}` });
    expect(first!.alarms).toEqual([{ action: 'DISPLAY', triggerSeconds: -REMINDER_MINUTES * 60 }]);
    expect(files[0]!.body).not.toContain('migraine');
  });

  it('writes UTC when no zone is given, and refuses a zone that does not exist', async () => {
    const appointment = await insertAppointment(alex.account.record.id, { appointmentDate: new Date('2027-06-01T12:30:00Z') });
    const file = await alex.client.get(`/api/appointments/${appointment.id}/calendar.ics`);
    expect(file.body).toContain('DTSTART:20270601T123000Z');
    expect(file.body).not.toContain('VTIMEZONE');
    expect(eventsOf(file.body)[0]!.start).toBe('2027-06-01T12:30:00.000Z');
    const bad = await alex.client.get(`/api/appointments/${appointment.id}/calendar.ics?timeZone=Mars%2FOlympus`);
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ timeZone: 'Time zone must be an IANA name such as Europe/Paris' });
  });

  it('answers 404 for someone else\'s appointment or consultation, and 401 without a session', async () => {
    const appointment = await insertAppointment(alex.account.record.id);
    expect((await jordan.client.get(`/api/appointments/${appointment.id}/calendar.ics`)).status).toBe(404);
    expect((await new TestClient(server.url).get(`/api/appointments/${appointment.id}/calendar.ics`)).status).toBe(401);
    const consultation = await Consultation.query().insertAndFetch({
      patientId: alex.account.record.id,
      doctorId: drPatel.account.record.id,
      appointmentDate: new Date('2027-05-01T10:00:00Z'),
      status: 'scheduled',
      consultationType: 'audio',
    });
    expect((await jordan.client.get(`/api/consultations/${consultation.id}/calendar.ics`)).status).toBe(404);
  });
});

describe('calendar feed', () => {
  it('is off until the patient turns it on, then serves their events without a session and without health details', async () => {
    const sam = await patientParty(server.url);
    expect((await sam.client.get('/api/calendar/feed')).body).toEqual({ enabled: false, url: null, timeZone: null, createdAt: null });

    await insertAppointment(sam.account.record.id, { appointmentDate: new Date('2027-03-29T08:00:00Z'), reason: 'Biopsy results', notes: 'Bring scans', facility: 'Oncology Centre' });
    await insertAppointment(sam.account.record.id, { appointmentDate: new Date('2027-04-02T08:00:00Z'), status: 'cancelled' });
    const consultation = await Consultation.query().insertAndFetch({
      patientId: sam.account.record.id,
      doctorId: drPatel.account.record.id,
      appointmentDate: new Date('2027-03-30T13:00:00Z'),
      status: 'scheduled',
      consultationType: 'video',
      symptoms: 'Shortness of breath',
    });

    const on = await sam.client.post('/api/calendar/feed', { timeZone: 'Europe/London' });
    expect(on.status).toBe(201);
    expect(on.body).toEqual({ enabled: true, url: expect.stringMatching(new RegExp(`^${server.url}/api/calendar/feed/[A-Za-z0-9_-]{43}\\.ics$`)), timeZone: 'Europe/London', createdAt: expect.any(String) });
    expect((await sam.client.get('/api/calendar/feed')).body).toEqual({ enabled: true, url: null, timeZone: 'Europe/London', createdAt: on.body.createdAt });

    const feed = await fetch(on.body.url as string);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await feed.text();
    const events = eventsOf(text);
    expect(events.map((e) => [e.summary, e.start])).toEqual([
      ['Appointment', '2027-03-29T08:00:00.000Z'],
      ['Consultation', '2027-03-30T13:00:00.000Z'],
    ]);
    expect(events[1]!.url).toBe(`${server.url}/video-call/${consultation.id}`);
    expect(events.every((e) => e.alarms.length === 1)).toBe(true);
    for (const detail of ['Biopsy', 'Bring scans', 'Oncology', 'Shortness', 'Cardiology', 'Patel', 'Okafor']) expect(text).not.toContain(detail);
    // The token is kept only as its hash.
    const token = /feed\/([^.]+)\.ics/.exec(on.body.url as string)![1]!;
    const stored = await server.app.deps.knex('calendar_feeds').where({ userId: sam.account.record.id }).first();
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('leaves out an open consultation whose doctor the clinic withdrew, and refuses its calendar file (409), keeping a finished one', async () => {
    const [sam, withdrawn] = await Promise.all([patientParty(server.url), doctorParty(server.url, { name: 'Dr. Lena Ward' })]);
    const booked = (appointmentDate: string, status: 'scheduled' | 'completed') =>
      Consultation.query().insertAndFetch({ patientId: sam.account.record.id, doctorId: withdrawn.account.record.id, appointmentDate: new Date(appointmentDate), status, consultationType: 'video' });
    const [open, finished] = await Promise.all([booked('2027-05-04T09:00:00Z', 'scheduled'), booked('2027-05-01T09:00:00Z', 'completed')]);
    const feed = (await sam.client.post('/api/calendar/feed', { timeZone: 'UTC' })).body.url as string;
    const starts = async () => eventsOf(await (await fetch(feed)).text()).map((e) => e.start);
    expect(await starts()).toEqual(['2027-05-01T09:00:00.000Z', '2027-05-04T09:00:00.000Z']);

    await Doctor.query().findById(withdrawn.account.record.id).patch({ isActive: false });
    expect(await starts()).toEqual(['2027-05-01T09:00:00.000Z']);
    const file = await sam.client.get(`/api/consultations/${open.id}/calendar.ics?${ics('UTC')}`);
    expect(file.status).toBe(409);
    expect(file.body.message).toBe('Dr. Lena Ward can no longer take this consultation, so there is nothing to add to your calendar. Cancel it and book another doctor.');
    expect((await sam.client.get(`/api/consultations/${finished.id}/calendar.ics?${ics('UTC')}`)).status).toBe(200);
  });

  it('stops answering an address that was replaced or revoked', async () => {
    const kim = await patientParty(server.url);
    const first = (await kim.client.post('/api/calendar/feed', {})).body.url as string;
    expect((await fetch(first)).status).toBe(200);

    const second = (await kim.client.post('/api/calendar/feed', { timeZone: 'America/New_York' })).body.url as string;
    expect(second).not.toBe(first);
    expect((await fetch(first)).status).toBe(404);
    expect((await fetch(second)).status).toBe(200);

    expect((await kim.client.delete('/api/calendar/feed')).status).toBe(204);
    const revoked = await fetch(second);
    expect(revoked.status).toBe(404);
    expect(await revoked.json()).toMatchObject({ code: 'not_found', message: 'This calendar feed does not exist or was turned off.' });
    expect((await kim.client.get('/api/calendar/feed')).body.enabled).toBe(false);
    expect((await fetch(`${server.url}/api/calendar/feed/not-a-real-token.ics`)).status).toBe(404);
  });

  it('is for patients only', async () => {
    expect((await new TestClient(server.url).post('/api/calendar/feed', {})).status).toBe(401);
    expect((await drPatel.client.post('/api/calendar/feed', {})).status).toBe(404);
  });
});
