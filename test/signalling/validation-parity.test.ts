import { Consultation } from '../../db/models';
import { UNSTORABLE_TEXT_MESSAGE } from '../../common/schemas/helpers';
import { createCallParties, request, useSignallingServer, type CallParties, type ClientSocket } from './helpers';

/**
 * The doctor's status change exists twice with one common/ schema: PUT /api/doctor/consultation/{id}/status
 * (consultationStatusSchema) and the call screen's consultation:setStatus (the same schema plus the
 * consultation id). The same bad body must get the same code, message and fields both ways.
 * (A '__proto__' key never reaches validation over REST: the JSON body parser refuses it first.)
 */
const harness = useSignallingServer();

let parties: CallParties;
let doctorSocket: ClientSocket;

beforeAll(async () => {
  parties = await createCallParties(harness.server.url);
});
beforeEach(async () => {
  doctorSocket = await harness.socketFor(parties.doctorHttp);
});

const BAD_BODIES: Array<[string, unknown, Record<string, string> | undefined]> = [
  ['an unknown field', { status: 'in_progress', extra: 1 }, { extra: 'Unknown field: extra' }],
  ['two unknown fields', { status: 'in_progress', extra: 1, other: 'x' }, { extra: 'Unknown field: extra', other: 'Unknown field: other' }],
  ['a wrong type', { status: 'completed', diagnosis: 42 }, { diagnosis: 'Diagnosis must be text' }],
  ['a missing required field', {}, { status: 'Status is required' }],
  ['a value outside the list', { status: 'teleported' }, { status: 'Status must be one of in_progress, completed, cancelled' }],
  ['U+0000 in text', { status: 'completed', diagnosis: 'flu\u0000' }, { diagnosis: UNSTORABLE_TEXT_MESSAGE }],
  ['an unpaired surrogate', { status: 'completed', consultationNotes: 'note \uD800' }, { consultationNotes: UNSTORABLE_TEXT_MESSAGE }],
  ['an inherited key', { status: 'completed', constructor: 'x' }, { constructor: 'Unknown field: constructor' }],
  ['a nested inherited key', { status: 'completed', prescription: { toString: 1 } }, { 'prescription.toString': 'Unknown field: toString' }],
  ['several problems at once', { status: 'in_progress', diagnosis: 'Too soon', extra: true }, undefined],
  ['a list instead of an object', [{ status: 'completed' }], undefined],
];

describe('the same bad payload over REST and over the socket', () => {
  it.each(BAD_BODIES)('%s gets the same code, message and fields', async (_label, body, expectedFields) => {
    const { consultation, doctorHttp } = parties;
    const rest = await doctorHttp.put(`/api/doctor/consultation/${consultation.id}/status`, body);
    const socketPayload = Array.isArray(body) ? body : { consultationId: consultation.id, ...(body as object) };
    const ack = await request(doctorSocket, 'consultation:setStatus', socketPayload);

    expect(rest.status).toBe(400);
    expect(ack.ok).toBe(false);
    const { code, message, fields } = rest.body;
    expect(code).toBe('validation_failed');
    expect(ack.ok === false && ack.error).toEqual({ code, message, fields, requestId: expect.any(String) });
    if (expectedFields) expect(fields).toEqual(expectedFields);
    expect((await Consultation.query().findById(consultation.id))!.status).toBe('scheduled');
  });
});
