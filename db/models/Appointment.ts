import { Model, type RelationMappings } from 'objection';
import type { AppointmentStatus } from '../../common/constants';
import { User } from './User';
import { Doctor } from './Doctor';

/** An in-person appointment the patient records; `doctorId` is an optional link to a doctor on the roster. */
export class Appointment extends Model {
  static tableName = 'appointments';

  declare id: string;
  /** Raised by the database on every change (the API's ETag). */
  declare version: number;
  declare userId: string;
  declare doctorName: string;
  declare doctorId: string | null;
  declare specialty: string;
  declare facility: string;
  declare facilityAddress: string | null;
  declare appointmentDate: Date | string;
  /** Minutes. */
  declare duration: number;
  declare type: string | null;
  declare status: AppointmentStatus;
  declare reason: string | null;
  declare notes: string | null;
  /** Sent to the client as `reminderEnabled`. */
  declare reminderSent: boolean;
  /** Cents. */
  declare cost: number;
  declare insuranceCovered: boolean;
  declare confirmationCode: string | null;
  declare createdAt: Date;
  declare updatedAt: Date;

  declare user?: User;
  declare doctor?: Doctor | null;

  static relationMappings = (): RelationMappings => ({
    user: { relation: Model.BelongsToOneRelation, modelClass: User, join: { from: 'appointments.userId', to: 'users.id' } },
    doctor: { relation: Model.BelongsToOneRelation, modelClass: Doctor, join: { from: 'appointments.doctorId', to: 'doctors.id' } },
  });
}
