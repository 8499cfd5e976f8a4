import { User } from '../../../db/models';
import { hashPassword } from '../../../server/services/passwords';

/** The bench's patient: found by username, or made (password hashed as sign-up does) on the first run. */
export async function benchPatient(account: { username: string; password: string }, lastName: string): Promise<User> {
  const found = await User.query().findOne({ username: account.username });
  if (found) return found;
  return User.query().insert({
    username: account.username,
    email: `${account.username}@bench.test`,
    passwordHash: await hashPassword(account.password),
    firstName: 'Bench',
    lastName,
  });
}
