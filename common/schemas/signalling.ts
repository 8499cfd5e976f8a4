import * as yup from 'yup';
import { booleanField, isPlainObject, jsonLength, strictObject, uuidField } from './helpers';
import { consultationStatusSchema } from './consultation';

const consultationId = () => uuidField('Consultation', 'Invalid consultation id');

/** Largest relayed media parameter object (an SDP with many candidates stays far below). */
const MAX_SIGNAL_JSON_LENGTH = 64 * 1024;

/** A JSON object passed through to the media layer, bounded in size. */
function mediaObject(label: string) {
  return yup
    .mixed<Record<string, unknown>>()
    .required(`${label} is required`)
    .test('is-object', `${label} must be an object`, (v) => v == null || isPlainObject(v))
    .test('size', `${label} is too large`, (v) => v == null || jsonLength(v) <= MAX_SIGNAL_JSON_LENGTH);
}

/** 'consultation:join' / 'consultation:leave' payload. */
export const consultationRefSchema = strictObject({
  consultationId: consultationId(),
});

/** 'guest:admit' / 'guest:remove' payload. */
export const guestRefSchema = strictObject({
  consultationId: consultationId(),
  guestId: uuidField('Guest', 'Invalid guest id'),
});

/**
 * 'consultation:join' payload. Through the SFU, a client whose device is loaded may send its RTP
 * capabilities: the answer then carries its transports and the consumers of what the other side sends.
 */
export const joinSchema = strictObject({
  consultationId: consultationId(),
  rtpCapabilities: mediaObject('RTP capabilities').optional(),
});

/** 'media:state' payload sent by a client about its own tracks. */
export const mediaStateSchema = strictObject({
  consultationId: consultationId(),
  audio: booleanField('Audio').strict().required('Audio state is required'),
  video: booleanField('Video').strict().required('Video state is required'),
  screen: booleanField('Screen').strict().required('Screen state is required'),
});

/** 'consultation:setStatus': the REST status body plus the consultation. */
export const setStatusSchema = consultationStatusSchema.shape({
  consultationId: consultationId(),
});

/** 'p2p:signal': a simple-peer signal object for the other side. */
export const p2pSignalSchema = strictObject({
  consultationId: consultationId(),
  session: yup
    .string()
    .typeError('Session must be text')
    .required('Session is required')
    .matches(/^[A-Za-z0-9_-]{1,64}$/, 'Session must be 1 to 64 letters, digits, - or _'),
  signal: mediaObject('Signal'),
});

export const createTransportSchema = strictObject({
  consultationId: consultationId(),
  direction: yup.string().required('Direction is required').oneOf(['send', 'recv'] as const, 'Direction must be send or recv'),
});

export const connectTransportSchema = strictObject({
  consultationId: consultationId(),
  transportId: uuidField('Transport'),
  dtlsParameters: mediaObject('DTLS parameters'),
});

export const produceSchema = strictObject({
  consultationId: consultationId(),
  transportId: uuidField('Transport'),
  kind: yup.string().required('Kind is required').oneOf(['audio', 'video'] as const, 'Kind must be audio or video'),
  rtpParameters: mediaObject('RTP parameters'),
  appData: strictObject({
    source: yup
      .string()
      .required('Source is required')
      .oneOf(['mic', 'camera', 'screen'] as const, 'Source must be mic, camera or screen'),
  }).required('appData is required'),
});

export const consumeSchema = strictObject({
  consultationId: consultationId(),
  producerId: uuidField('Producer'),
  rtpCapabilities: mediaObject('RTP capabilities'),
});

export const consumerRefSchema = strictObject({ consultationId: consultationId(), consumerId: uuidField('Consumer') });
export const producerRefSchema = strictObject({ consultationId: consultationId(), producerId: uuidField('Producer') });
export const transportRefSchema = strictObject({ consultationId: consultationId(), transportId: uuidField('Transport') });

