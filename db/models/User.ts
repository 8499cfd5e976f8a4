import { Model, type RelationMappings } from 'objection';
import type { UserRole } from '../../common/constants';
import type { EmergencyContact } from './types';
import { MedicalReport } from './MedicalReport';
import { Medication } from './Medication';
import { MedicationReminder } from './MedicationReminder';
import { Appointment } from './Appointment';
import { Consultation } from './Consultation';
import { Notification } from './Notification';
import { Document } from './Document';
import { OfflineCache } from './OfflineCache';
import { Payment } from './Payment';
import { PushSubscription } from './PushSubscription';
import { WebauthnCredential } from './WebauthnCredential';

/** A patient or an admin account. `passwordHash` must never leave the server (presenters whitelist fields). */
export class User extends Model {
  static tableName = 'users';
  static jsonAttributes = ['emergencyContact'];

  declare id: string;
  declare username: string;
  /** Stored lowercased. */
  declare email: string;
  declare passwordHash: string;
  declare firstName: string | null;
  declare lastName: string | null;
  declare phone: string | null;
  declare emergencyContact: EmergencyContact | null;
  declare biometricEnabled: boolean;
  declare role: UserRole;
  declare stripeCustomerId: string | null;
  declare stripeSubscriptionId: string | null;
  declare lastLogin: Date | null;
  /** The authenticator's secret, encrypted (server/services/mfa/totp.ts); never presented. */
  declare totpSecret: string | null;
  /** When the first code confirmed the authenticator: a second factor is asked from then on. */
  declare totpEnabledAt: Date | null;
  declare totpLastStep: string | null;
  /** IANA zone medication reminder times are read in (the browser's, sent at sign-up and sign-in). */
  declare timeZone: string;
  /** When the patient's requested deletion takes effect; null when none is pending. */
  declare deletionScheduledFor: Date | null;
  /** When the account's data was erased (the row stays, nameless, for the records the law keeps). */
  declare erasedAt: Date | null;
  declare createdAt: Date;

  declare reports?: MedicalReport[];
  declare medications?: Medication[];
  declare medicationReminders?: MedicationReminder[];
  declare appointments?: Appointment[];
  declare consultations?: Consultation[];
  declare notifications?: Notification[];
  declare documents?: Document[];
  declare offlineCache?: OfflineCache[];
  declare payments?: Payment[];
  declare pushSubscriptions?: PushSubscription[];
  declare webauthnCredentials?: WebauthnCredential[];

  static relationMappings = (): RelationMappings => ({
    reports: { relation: Model.HasManyRelation, modelClass: MedicalReport, join: { from: 'users.id', to: 'medical_reports.userId' } },
    medications: { relation: Model.HasManyRelation, modelClass: Medication, join: { from: 'users.id', to: 'medications.userId' } },
    medicationReminders: {
      relation: Model.HasManyRelation,
      modelClass: MedicationReminder,
      join: { from: 'users.id', to: 'medication_reminders.userId' },
    },
    appointments: { relation: Model.HasManyRelation, modelClass: Appointment, join: { from: 'users.id', to: 'appointments.userId' } },
    consultations: { relation: Model.HasManyRelation, modelClass: Consultation, join: { from: 'users.id', to: 'consultations.patientId' } },
    notifications: { relation: Model.HasManyRelation, modelClass: Notification, join: { from: 'users.id', to: 'notifications.userId' } },
    documents: { relation: Model.HasManyRelation, modelClass: Document, join: { from: 'users.id', to: 'documents.userId' } },
    offlineCache: { relation: Model.HasManyRelation, modelClass: OfflineCache, join: { from: 'users.id', to: 'offline_cache.userId' } },
    payments: { relation: Model.HasManyRelation, modelClass: Payment, join: { from: 'users.id', to: 'payments.userId' } },
    pushSubscriptions: {
      relation: Model.HasManyRelation,
      modelClass: PushSubscription,
      join: { from: 'users.id', to: 'push_subscriptions.userId' },
    },
    webauthnCredentials: {
      relation: Model.HasManyRelation,
      modelClass: WebauthnCredential,
      join: { from: 'users.id', to: 'webauthn_credentials.userId' },
    },
  });
}
