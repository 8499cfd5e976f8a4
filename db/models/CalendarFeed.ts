import { Model } from 'objection';

export class CalendarFeed extends Model {
  static tableName = 'calendar_feeds';

  declare id: string;
  declare userId: string;
  declare tokenHash: string;
  declare timeZone: string;
  declare createdAt: Date;
}
