import type { Knex } from 'knex';

/**
 * The whole MediVault schema (product spec section 3 plus the tables the server needs for sessions,
 * documents, auditing, sign-in throttling and passkeys).
 *
 * Conventions: snake_case columns (the app sees camelCase through knexSnakeCaseMappers), uuid keys from
 * gen_random_uuid() (built into PostgreSQL 13+), timestamptz everywhere, money as integer cents, and
 * every enumeration enforced by a named CHECK constraint. Every foreign key states its ON DELETE rule:
 * rows a user owns go with the user (CASCADE); a doctor with consultations cannot be deleted (RESTRICT);
 * optional links (report -> document, appointment -> doctor) are cleared (SET NULL).
 * `updated_at` columns are maintained by a trigger so raw knex updates keep them right too.
 */

const REPORT_TYPES = ['blood_work', 'x_ray', 'mri', 'prescription', 'consultation', 'heart_rate', 'premium_analysis'] as const;
const REPORT_STATUSES = ['urgent', 'review', 'normal', 'active'] as const;
const MEDICATION_FREQUENCIES = ['once_daily', 'twice_daily', 'three_times_daily', 'four_times_daily', 'as_needed', 'weekly', 'monthly'] as const;
const CONSULTATION_STATUSES = ['scheduled', 'in_progress', 'completed', 'cancelled'] as const;
const CONSULTATION_TYPES = ['video', 'audio', 'chat'] as const;
const PAYMENT_STATUSES = ['pending', 'paid', 'refunded', 'failed'] as const;
const APPOINTMENT_STATUSES = ['scheduled', 'confirmed', 'completed', 'cancelled'] as const;
const USER_ROLES = ['patient', 'admin'] as const;
const ACTOR_KINDS = ['anonymous', 'patient', 'admin', 'doctor', 'system'] as const;
const AUDIT_OUTCOMES = ['success', 'denied', 'failure'] as const;
const AUTH_FAILURE_SCOPES = ['account', 'ip'] as const;
const CHAT_SENDER_ROLES = ['patient', 'doctor'] as const;

const UPDATED_AT_FUNCTION = 'medivault_set_updated_at';
const TABLES_WITH_UPDATED_AT = ['medical_reports', 'medications', 'consultations', 'appointments'];

// Created in dependency order; dropped in reverse.
const TABLES = [
  'users',
  'sessions',
  'doctors',
  'documents',
  'medical_reports',
  'offline_cache',
  'notifications',
  'medications',
  'medication_reminders',
  'payments',
  'push_subscriptions',
  'consultations',
  'appointments',
  'chat_messages',
  'audit_events',
  'auth_failures',
  'webauthn_credentials',
];

export async function up(knex: Knex): Promise<void> {
  const now = knex.fn.now();
  const uuidPk = (t: Knex.CreateTableBuilder) => t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
  const ts = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true });
  const createdAt = (t: Knex.CreateTableBuilder) => ts(t, 'created_at').notNullable().defaultTo(now);
  const updatedAt = (t: Knex.CreateTableBuilder) => ts(t, 'updated_at').notNullable().defaultTo(now);
  /** user_id uuid not null, FK users ON DELETE CASCADE. Callers add an index led by user_id. */
  const ownedBy = (t: Knex.CreateTableBuilder, column = 'user_id') =>
    t.uuid(column).notNullable().references('id').inTable('users').onDelete('CASCADE');

  await knex.schema.createTable('users', (t) => {
    uuidPk(t);
    t.text('username').notNullable().unique();
    t.text('email').notNullable().unique();
    t.text('password_hash').notNullable();
    t.text('first_name');
    t.text('last_name');
    t.text('phone');
    t.jsonb('emergency_contact');
    t.boolean('biometric_enabled').notNullable().defaultTo(false);
    t.text('role').notNullable().defaultTo('patient').checkIn([...USER_ROLES], 'users_role_check');
    t.text('stripe_customer_id').unique();
    t.text('stripe_subscription_id');
    ts(t, 'last_login');
    createdAt(t);
  });
  // Sign-in accepts either identifier in any case, so neither may differ from another only by case.
  await knex.raw('CREATE UNIQUE INDEX users_username_lower_unique ON users (lower(username))');
  await knex.raw('CREATE UNIQUE INDEX users_email_lower_unique ON users (lower(email))');

  await knex.schema.createTable('sessions', (t) => {
    t.text('id').primary();
    t.jsonb('data').notNullable();
    ts(t, 'expires_at').notNullable().index('sessions_expires_at_index');
    t.text('actor_kind');
    t.uuid('actor_id');
    createdAt(t);
    t.index(['actor_kind', 'actor_id'], 'sessions_actor_index');
  });

  await knex.schema.createTable('doctors', (t) => {
    uuidPk(t);
    t.text('name').notNullable();
    t.text('specialty').notNullable();
    t.text('license_number').notNullable();
    t.text('email').notNullable().unique();
    t.text('password_hash').notNullable();
    t.text('phone');
    t.text('bio');
    t.integer('experience').notNullable().defaultTo(0);
    t.text('education');
    t.jsonb('availability').notNullable().defaultTo(knex.raw(`'{}'::jsonb`));
    t.integer('consultation_fee').notNullable().defaultTo(0);
    t.text('rating').notNullable().defaultTo('5.0');
    t.integer('total_consultations').notNullable().defaultTo(0);
    t.boolean('is_available').notNullable().defaultTo(true);
    t.text('profile_image');
    t.boolean('is_verified').notNullable().defaultTo(false);
    ts(t, 'last_login');
    createdAt(t);
    t.check('?? >= 0', ['experience'], 'doctors_experience_check');
    t.check('?? >= 0', ['consultation_fee'], 'doctors_consultation_fee_check');
    t.check('?? >= 0', ['total_consultations'], 'doctors_total_consultations_check');
  });
  await knex.raw('CREATE UNIQUE INDEX doctors_email_lower_unique ON doctors (lower(email))');

  await knex.schema.createTable('documents', (t) => {
    uuidPk(t);
    ownedBy(t);
    t.text('filename').notNullable();
    t.text('mime_type').notNullable();
    t.integer('byte_size').notNullable();
    t.text('sha256').notNullable();
    t.text('storage_key').notNullable().unique();
    t.text('extracted_text');
    createdAt(t);
    t.check('?? >= 0', ['byte_size'], 'documents_byte_size_check');
    t.index(['user_id', 'created_at'], 'documents_user_created_index');
    t.index(['user_id', 'sha256'], 'documents_user_sha256_index');
  });

  await knex.schema.createTable('medical_reports', (t) => {
    uuidPk(t);
    ownedBy(t);
    t.text('title').notNullable();
    t.text('type').notNullable().checkIn([...REPORT_TYPES], 'medical_reports_type_check');
    t.text('status').notNullable().defaultTo('normal').checkIn([...REPORT_STATUSES], 'medical_reports_status_check');
    ts(t, 'report_date').notNullable();
    t.text('doctor_name');
    t.text('facility');
    t.text('document_url');
    t.text('summary');
    t.jsonb('results');
    t.boolean('is_offline_available').notNullable().defaultTo(false);
    t.uuid('document_id').references('id').inTable('documents').onDelete('SET NULL');
    createdAt(t);
    updatedAt(t);
    t.index(['user_id', 'report_date'], 'medical_reports_user_report_date_index');
    t.index(['document_id'], 'medical_reports_document_id_index');
  });

  await knex.schema.createTable('offline_cache', (t) => {
    uuidPk(t);
    ownedBy(t);
    t.uuid('report_id').notNullable().references('id').inTable('medical_reports').onDelete('CASCADE');
    t.text('encrypted_data').notNullable();
    ts(t, 'last_synced').notNullable().defaultTo(now);
    createdAt(t);
    t.unique(['user_id', 'report_id'], { indexName: 'offline_cache_user_report_unique' });
    t.index(['report_id'], 'offline_cache_report_id_index');
  });

  await knex.schema.createTable('notifications', (t) => {
    uuidPk(t);
    ownedBy(t);
    t.text('title').notNullable();
    t.text('message').notNullable();
    t.text('type').notNullable().defaultTo('general');
    t.boolean('is_read').notNullable().defaultTo(false);
    ts(t, 'scheduled_for');
    createdAt(t);
    t.index(['user_id', 'created_at'], 'notifications_user_created_index');
    t.index(['scheduled_for'], 'notifications_scheduled_for_index');
  });

  await knex.schema.createTable('medications', (t) => {
    uuidPk(t);
    ownedBy(t);
    t.text('name').notNullable();
    t.text('dosage').notNullable();
    t.text('frequency').notNullable().defaultTo('once_daily').checkIn([...MEDICATION_FREQUENCIES], 'medications_frequency_check');
    t.jsonb('reminder_times').notNullable().defaultTo(knex.raw(`'["08:00"]'::jsonb`));
    t.text('prescribed_by');
    ts(t, 'start_date').notNullable().defaultTo(now);
    ts(t, 'end_date');
    t.text('instructions');
    t.boolean('is_active').notNullable().defaultTo(true);
    createdAt(t);
    updatedAt(t);
    t.check(`jsonb_typeof(??) = 'array'`, ['reminder_times'], 'medications_reminder_times_array_check');
    t.index(['user_id', 'start_date'], 'medications_user_start_date_index');
    t.index(['user_id', 'end_date'], 'medications_user_end_date_index');
  });

  await knex.schema.createTable('medication_reminders', (t) => {
    uuidPk(t);
    t.uuid('medication_id').notNullable().references('id').inTable('medications').onDelete('CASCADE');
    ownedBy(t);
    ts(t, 'scheduled_time').notNullable();
    ts(t, 'taken_time');
    t.boolean('is_skipped').notNullable().defaultTo(false);
    t.text('notes');
    createdAt(t);
    t.index(['medication_id', 'scheduled_time'], 'medication_reminders_medication_time_index');
    t.index(['user_id', 'scheduled_time'], 'medication_reminders_user_time_index');
  });

  await knex.schema.createTable('payments', (t) => {
    uuidPk(t);
    ownedBy(t);
    t.text('stripe_payment_intent_id').unique();
    t.integer('amount').notNullable();
    t.text('currency').notNullable().defaultTo('usd');
    t.text('status').notNullable().defaultTo('pending');
    t.text('description');
    createdAt(t);
    t.check('?? >= 0', ['amount'], 'payments_amount_check');
    t.index(['user_id', 'created_at'], 'payments_user_created_index');
  });

  await knex.schema.createTable('push_subscriptions', (t) => {
    uuidPk(t);
    ownedBy(t);
    t.text('endpoint').notNullable().unique();
    t.jsonb('keys').notNullable();
    createdAt(t);
    t.index(['user_id'], 'push_subscriptions_user_id_index');
  });

  await knex.schema.createTable('consultations', (t) => {
    uuidPk(t);
    ownedBy(t, 'patient_id');
    t.uuid('doctor_id').notNullable().references('id').inTable('doctors').onDelete('RESTRICT');
    ts(t, 'appointment_date').notNullable();
    t.integer('duration').notNullable().defaultTo(30);
    t.text('status').notNullable().defaultTo('scheduled').checkIn([...CONSULTATION_STATUSES], 'consultations_status_check');
    t.text('consultation_type').notNullable().defaultTo('video').checkIn([...CONSULTATION_TYPES], 'consultations_consultation_type_check');
    t.text('meeting_room_id').unique();
    t.text('symptoms');
    t.text('diagnosis');
    t.jsonb('prescription');
    ts(t, 'follow_up_date');
    t.text('consultation_notes');
    t.text('patient_notes');
    t.integer('fee').notNullable().defaultTo(0);
    t.text('payment_status').notNullable().defaultTo('pending').checkIn([...PAYMENT_STATUSES], 'consultations_payment_status_check');
    t.integer('rating');
    t.text('feedback');
    t.text('recording_url');
    ts(t, 'started_at');
    ts(t, 'completed_at');
    ts(t, 'cancelled_at');
    createdAt(t);
    updatedAt(t);
    t.check('?? > 0', ['duration'], 'consultations_duration_check');
    t.check('?? >= 0', ['fee'], 'consultations_fee_check');
    t.check('?? between 1 and 5', ['rating'], 'consultations_rating_check');
    t.index(['doctor_id', 'appointment_date'], 'consultations_doctor_date_index');
    t.index(['patient_id', 'appointment_date'], 'consultations_patient_date_index');
  });

  await knex.schema.createTable('appointments', (t) => {
    uuidPk(t);
    ownedBy(t);
    t.text('doctor_name').notNullable();
    t.uuid('doctor_id').references('id').inTable('doctors').onDelete('SET NULL');
    t.text('specialty').notNullable();
    t.text('facility').notNullable();
    t.text('facility_address');
    ts(t, 'appointment_date').notNullable();
    t.integer('duration').notNullable().defaultTo(30);
    t.text('type');
    t.text('status').notNullable().defaultTo('scheduled').checkIn([...APPOINTMENT_STATUSES], 'appointments_status_check');
    t.text('reason');
    t.text('notes');
    t.boolean('reminder_sent').notNullable().defaultTo(false);
    t.integer('cost').notNullable().defaultTo(0);
    t.boolean('insurance_covered').notNullable().defaultTo(false);
    t.text('confirmation_code').unique();
    createdAt(t);
    updatedAt(t);
    t.check('?? > 0', ['duration'], 'appointments_duration_check');
    t.check('?? >= 0', ['cost'], 'appointments_cost_check');
    t.index(['user_id', 'appointment_date'], 'appointments_user_date_index');
    t.index(['doctor_id'], 'appointments_doctor_id_index');
  });

  await knex.schema.createTable('chat_messages', (t) => {
    uuidPk(t);
    t.uuid('consultation_id').notNullable().references('id').inTable('consultations').onDelete('CASCADE');
    t.text('sender_role').notNullable().checkIn([...CHAT_SENDER_ROLES], 'chat_messages_sender_role_check');
    // A patient (users.id) or a doctor (doctors.id), told apart by sender_role; hence no foreign key.
    t.uuid('sender_id').notNullable();
    t.text('text').notNullable();
    createdAt(t);
    t.check('char_length(??) between 1 and 2000', ['text'], 'chat_messages_text_length_check');
    t.index(['consultation_id', 'created_at'], 'chat_messages_consultation_created_index');
  });

  await knex.schema.createTable('audit_events', (t) => {
    uuidPk(t);
    t.text('actor_kind').notNullable().checkIn([...ACTOR_KINDS], 'audit_events_actor_kind_check');
    // No foreign key: the actor may be a user or a doctor, and the trail must outlive a deleted doctor.
    t.uuid('actor_id');
    t.text('actor_name');
    t.text('action').notNullable();
    t.text('resource_type');
    t.text('resource_id');
    t.uuid('patient_id').references('id').inTable('users').onDelete('CASCADE');
    t.text('outcome').notNullable().checkIn([...AUDIT_OUTCOMES], 'audit_events_outcome_check');
    t.text('ip');
    t.text('request_id');
    createdAt(t);
    t.index(['patient_id', 'created_at'], 'audit_events_patient_created_index');
    t.index(['actor_kind', 'actor_id'], 'audit_events_actor_index');
    t.index(['created_at'], 'audit_events_created_at_index');
  });

  await knex.schema.createTable('auth_failures', (t) => {
    uuidPk(t);
    t.text('scope').notNullable().checkIn([...AUTH_FAILURE_SCOPES], 'auth_failures_scope_check');
    t.text('key').notNullable();
    createdAt(t);
    t.index(['scope', 'key', 'created_at'], 'auth_failures_scope_key_created_index');
  });

  await knex.schema.createTable('webauthn_credentials', (t) => {
    uuidPk(t);
    ownedBy(t);
    t.text('credential_id').notNullable().unique();
    t.text('public_key').notNullable();
    // Signature counters are unsigned 32-bit, beyond integer's range. The model turns pg's string into a number.
    t.bigInteger('counter').notNullable().defaultTo(0);
    t.jsonb('transports');
    t.text('device_name');
    createdAt(t);
    ts(t, 'last_used_at');
    t.check('?? >= 0', ['counter'], 'webauthn_credentials_counter_check');
    t.index(['user_id'], 'webauthn_credentials_user_id_index');
  });

  await knex.raw(`
    CREATE OR REPLACE FUNCTION ${UPDATED_AT_FUNCTION}() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      NEW.updated_at := now();
      RETURN NEW;
    END
    $fn$
  `);
  for (const table of TABLES_WITH_UPDATED_AT) {
    await knex.raw(
      `CREATE TRIGGER ${table}_set_updated_at BEFORE UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION ${UPDATED_AT_FUNCTION}()`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [...TABLES].reverse()) {
    await knex.schema.dropTableIfExists(table);
  }
  await knex.raw(`DROP FUNCTION IF EXISTS ${UPDATED_AT_FUNCTION}()`);
}
