/** '1 consultation', '3 consultations': the count with the noun in the right number. Pure TypeScript. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
