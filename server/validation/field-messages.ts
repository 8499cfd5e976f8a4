/** Enough for any real form; a body of thousands of bad keys does not get thousands of messages back. */
const MAX_FIELD_MESSAGES = 50;

export const unknownFieldMessage = (name: string): string => `Unknown field: ${name}`;

/**
 * Per-field messages keyed by dotted path ('_' for the value itself): the first message for a path
 * wins, and at most MAX_FIELD_MESSAGES are kept. A Map underneath, so that a '__proto__' path becomes
 * a field rather than a prototype.
 */
export class FieldMessages {
  private readonly messages = new Map<string, string>();

  get full(): boolean {
    return this.messages.size >= MAX_FIELD_MESSAGES;
  }

  add(path: string, message: string): void {
    const key = path || '_';
    if (!this.full && !this.messages.has(key)) this.messages.set(key, message);
  }

  toObject(): Record<string, string> {
    return Object.fromEntries(this.messages);
  }
}
