import { Model, type RelationMappings } from 'objection';
import type { DoctorAvailability } from './types';
import { Consultation } from './Consultation';
import { Appointment } from './Appointment';

/** A doctor account (separate sign-in). `passwordHash` must never leave the server. */
export class Doctor extends Model {
  static tableName = 'doctors';
  static jsonAttributes = ['availability'];

  declare id: string;
  /** Raised by the database on every change (the API's ETag). */
  declare version: number;
  declare name: string;
  declare specialty: string;
  declare licenseNumber: string;
  /** Stored lowercased. */
  declare email: string;
  declare passwordHash: string;
  /** The authenticator's secret, encrypted (server/services/mfa/totp.ts); never presented. */
  declare totpSecret: string | null;
  /** When the first code confirmed the authenticator: a second factor is asked from then on. */
  declare totpEnabledAt: Date | null;
  declare totpLastStep: string | null;
  declare phone: string | null;
  declare bio: string | null;
  /** Years. */
  declare experience: number;
  declare education: string | null;
  declare availability: DoctorAvailability;
  /** Cents. */
  declare consultationFee: number;
  /** Text such as '5.0'. */
  declare rating: string;
  declare totalConsultations: number;
  declare isAvailable: boolean;
  declare profileImage: string | null;
  declare isVerified: boolean;
  /** False once an admin deactivates the doctor: sign-in refused, sessions ended. */
  declare isActive: boolean;
  declare lastLogin: Date | null;
  declare createdAt: Date;

  declare consultations?: Consultation[];
  declare appointments?: Appointment[];

  static relationMappings = (): RelationMappings => ({
    consultations: { relation: Model.HasManyRelation, modelClass: Consultation, join: { from: 'doctors.id', to: 'consultations.doctorId' } },
    appointments: { relation: Model.HasManyRelation, modelClass: Appointment, join: { from: 'doctors.id', to: 'appointments.doctorId' } },
  });
}
