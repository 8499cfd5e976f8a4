import { recordAt, textAt } from './read';
import type { AnyResource, FileEntry } from './types';

/** The file's resources, found by what a Reference in it says: its fullUrl, or 'Type/id'. */
export class BundleIndex {
  private readonly byAddress = new Map<string, FileEntry>();

  constructor(readonly entries: readonly FileEntry[]) {
    for (const entry of entries) {
      if (entry.fullUrl) this.byAddress.set(entry.fullUrl, entry);
      if (entry.resource.id) this.byAddress.set(`${entry.resource.resourceType}/${entry.resource.id}`, entry);
    }
  }

  /** The entry a Reference points to, when it is in the file. */
  resolve(reference: unknown): FileEntry | undefined {
    const address = textAt(recordAt(reference)?.reference);
    if (!address) return undefined;
    return this.byAddress.get(address) ?? this.byAddress.get(address.split('/').slice(-2).join('/'));
  }

  ofType(resourceType: string): FileEntry[] {
    return this.entries.filter((entry) => entry.resource.resourceType === resourceType);
  }
}

/** The entries that hold a resource; the others (a transaction's responses, an empty entry) say nothing to import. */
export function fileEntriesOf(entries: readonly unknown[]): FileEntry[] {
  return entries.flatMap((entry) => {
    const resource = recordAt(recordAt(entry)?.resource);
    if (!resource || !textAt(resource.resourceType)) return [];
    return [{ fullUrl: textAt(recordAt(entry)?.fullUrl), resource: resource as AnyResource }];
  });
}
