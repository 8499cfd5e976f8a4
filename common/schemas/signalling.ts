import * as yup from 'yup';
import { booleanField, strictObject, uuidField } from './helpers';

/** 'consultation:join' / 'consultation:leave' payload. */
export const consultationRefSchema = strictObject({
  consultationId: uuidField('Consultation', 'Invalid consultation id'),
});

/** 'media:state' payload sent by a client about its own tracks. */
export const mediaStateSchema = strictObject({
  consultationId: uuidField('Consultation', 'Invalid consultation id'),
  audio: booleanField('Audio').required('Audio state is required'),
  video: booleanField('Video').required('Video state is required'),
  screen: booleanField('Screen').required('Screen state is required'),
});

export type ConsultationRefInput = yup.InferType<typeof consultationRefSchema>;
export type MediaStateInput = yup.InferType<typeof mediaStateSchema>;
