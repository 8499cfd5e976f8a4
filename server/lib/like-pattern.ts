/** A LIKE/ILIKE pattern matching text that contains `text` literally: its own % _ and \ match only themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
