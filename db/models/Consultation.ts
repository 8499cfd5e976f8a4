import { Model, type RelationMappings } from 'objection';
import type { ConsultationStatus, ConsultationType, PaymentStatus } from '../../common/constants';
import type { Prescription } from './types';
import { User } from './User';
import { Doctor } from './Doctor';
import { ChatMessage } from './ChatMessage';
import { ConsultationGuest } from './ConsultationGuest';

export class Consultation extends Model {
  static tableName = 'consultations';
  static jsonAttributes = ['prescription'];

  declare id: string;
  declare patientId: string;
  declare doctorId: string;
  declare appointmentDate: Date | string;
  /** Minutes. */
  declare duration: number;
  declare status: ConsultationStatus;
  declare consultationType: ConsultationType;
  declare meetingRoomId: string | null;
  declare symptoms: string | null;
  declare diagnosis: string | null;
  declare prescription: Prescription | null;
  declare followUpDate: Date | string | null;
  declare consultationNotes: string | null;
  declare patientNotes: string | null;
  /** Cents. */
  declare fee: number;
  declare paymentStatus: PaymentStatus;
  /** 1 to 5. */
  declare rating: number | null;
  declare feedback: string | null;
  declare recordingUrl: string | null;
  declare startedAt: Date | null;
  /** When the patient and the doctor were first in the call together (the call timer's zero). */
  declare callConnectedAt: Date | null;
  declare completedAt: Date | null;
  declare cancelledAt: Date | null;
  /** A refund owed on cancellation that Stripe has not made yet (the refund sweep asks again). */
  declare refundDueAt: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;

  declare patient?: User;
  declare doctor?: Doctor;
  declare chatMessages?: ChatMessage[];
  declare guests?: ConsultationGuest[];

  static relationMappings = (): RelationMappings => ({
    patient: { relation: Model.BelongsToOneRelation, modelClass: User, join: { from: 'consultations.patientId', to: 'users.id' } },
    doctor: { relation: Model.BelongsToOneRelation, modelClass: Doctor, join: { from: 'consultations.doctorId', to: 'doctors.id' } },
    chatMessages: {
      relation: Model.HasManyRelation,
      modelClass: ChatMessage,
      join: { from: 'consultations.id', to: 'chat_messages.consultationId' },
      modify: (query) => query.orderBy('chat_messages.createdAt', 'asc'),
    },
    guests: { relation: Model.HasManyRelation, modelClass: ConsultationGuest, join: { from: 'consultations.id', to: 'consultation_guests.consultationId' } },
  });
}
