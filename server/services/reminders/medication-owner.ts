import { Medication } from '../../../db/models';
import { isPremium } from '../plan';

/** A medication with what its reminders need of its patient's account: the zone it keeps and whether it has Premium. */
interface OwnedMedication {
  med: Medication;
  timeZone: string;
  premium: boolean;
}

/** The medication and its owner's zone and plan, in one read. */
export async function medicationOfOwner(id: string): Promise<OwnedMedication | undefined> {
  const med = (await Medication.query()
    .findById(id)
    .join('users', 'users.id', 'medications.userId')
    .select('medications.*', 'users.timeZone as accountTimeZone', 'users.stripeSubscriptionId as ownerSubscriptionId')) as
    | (Medication & { accountTimeZone: string; ownerSubscriptionId: string | null })
    | undefined;
  return med && { med, timeZone: med.accountTimeZone, premium: isPremium({ stripeSubscriptionId: med.ownerSubscriptionId }) };
}
