import type { Knex } from 'knex';
import * as initialSchema from './20261122000000_initial_schema';
import * as documentReading from './20261123000000_document_reading';
import * as calendarFeeds from './20261123190000_calendar_feeds';
import * as requestLimits from './20261123200000_request_limits';
import * as sessionLastSeen from './20261123200100_session_last_seen';
import * as recordVersions from './20261123210000_record_versions';
import * as idempotencyKeys from './20261123220000_idempotency_keys';
import * as auditChain from './20261123230000_audit_chain';
import * as reportProvenance from './20261123240000_report_provenance';
import * as stripePayments from './20261124000000_stripe_payments';
import * as pushReminders from './20261124000200_push_reminders';
import * as accessYouCanTrust from './20261124000400_access_you_can_trust';
import * as twoFactor from './20261124010000_two_factor';
import * as passwordResets from './20261124010200_password_resets';
import * as secondFactorPasskeys from './20261127000000_second_factor_passkeys';
import * as accountDeletion from './20261127000200_account_deletion';
import * as documentFiles from './20261128060000_document_files';
import * as keyedAuditChain from './20261128100000_keyed_audit_chain';
import * as idempotencyApplied from './20261128100100_idempotency_applied';
import * as rosterSearch from './20261128110000_roster_search';
import * as accountFailureStreak from './20261128120000_account_failure_streak';
import * as fhirImports from './20261128130000_fhir_imports';
import * as smartReminders from './20261128140000_smart_reminders';
import * as supportRequests from './20261128140100_support_requests';
import * as sharedLinks from './20261128140700_shared_links';
import * as consultationGuests from './20261128150000_consultation_guests';
import * as guestAdmission from './20261128150100_guest_admission';
import * as auditNumberedAfterCommit from './20261129000000_audit_numbered_after_commit';
import * as callConnectedAt from './20261203000000_call_connected_at';
import * as refundDue from './20261203100000_refund_due';

/** Migrations listed in order. Imported statically so tsx, jest and a bundler all load them the same way. */
const migrations: Record<string, Knex.Migration> = {
  '20261122000000_initial_schema': initialSchema,
  '20261123000000_document_reading': documentReading,
  '20261123190000_calendar_feeds': calendarFeeds,
  '20261123200000_request_limits': requestLimits,
  '20261123200100_session_last_seen': sessionLastSeen,
  '20261123210000_record_versions': recordVersions,
  '20261123220000_idempotency_keys': idempotencyKeys,
  '20261123230000_audit_chain': auditChain,
  '20261123240000_report_provenance': reportProvenance,
  '20261124000000_stripe_payments': stripePayments,
  '20261124000200_push_reminders': pushReminders,
  '20261124000400_access_you_can_trust': accessYouCanTrust,
  '20261124010000_two_factor': twoFactor,
  '20261124010200_password_resets': passwordResets,
  '20261127000000_second_factor_passkeys': secondFactorPasskeys,
  '20261127000200_account_deletion': accountDeletion,
  '20261128060000_document_files': documentFiles,
  '20261128100000_keyed_audit_chain': keyedAuditChain,
  '20261128100100_idempotency_applied': idempotencyApplied,
  '20261128110000_roster_search': rosterSearch,
  '20261128120000_account_failure_streak': accountFailureStreak,
  '20261128130000_fhir_imports': fhirImports,
  '20261128140000_smart_reminders': smartReminders,
  '20261128140100_support_requests': supportRequests,
  '20261128140700_shared_links': sharedLinks,
  '20261128150000_consultation_guests': consultationGuests,
  '20261128150100_guest_admission': guestAdmission,
  '20261129000000_audit_numbered_after_commit': auditNumberedAfterCommit,
  '20261203000000_call_connected_at': callConnectedAt,
  '20261203100000_refund_due': refundDue,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => {
    const migration = migrations[name];
    if (!migration) throw new Error(`Unknown migration ${name}`);
    return migration;
  },
};
