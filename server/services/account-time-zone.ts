import { User } from '../../db/models';

/** The zone the patient's account keeps (the app keeps it equal to the browser's): reminders and the dashboard's dates. */
export async function accountTimeZone(userId: string): Promise<string> {
  return (await User.query().findById(userId).select('timeZone'))?.timeZone ?? 'UTC';
}
