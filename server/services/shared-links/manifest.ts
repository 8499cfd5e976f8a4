import type { Knex } from 'knex';
import type { SharedLink, SharedLinkFile } from '../../../db/models';
import type { ShlManifest, ShlManifestFile } from '../../../common/api-types';
import { issueDownload } from './downloads';
import { iso } from '../../lib/dates';

interface ManifestOptions {
  /** Where the download addresses point: this server's origin. */
  origin: string;
  /** The receiver's bound on embedded files (the IG's `embeddedLengthMax`): files up to it come inline, larger ones by address. */
  embeddedLengthMax?: number;
}

/** The FHIR version of what the app shares (its export is R4). */
const FHIR_VERSION = '4.0.1';

/**
 * The IG's manifest: each file embedded when the receiver allowed one that long, else by a short-lived,
 * single-use address. An `L` link's files may change (long-term use); any other link's are final.
 */
export async function manifestOf(knex: Knex, link: SharedLink, files: SharedLinkFile[], { origin, embeddedLengthMax }: ManifestOptions): Promise<ShlManifest> {
  const status = link.flag.includes('L') ? 'can-change' : 'finalized';
  const entries = await Promise.all(
    files.map(async (file): Promise<ShlManifestFile> => {
      const about = { contentType: file.contentType, lastUpdated: iso(file.createdAt)!, status, fhirVersion: FHIR_VERSION } as const;
      if (embeddedLengthMax !== undefined && file.jwe.length <= embeddedLengthMax) return { ...about, embedded: file.jwe };
      return { ...about, location: `${origin}/api/shl/files/${await issueDownload(knex, file.id)}` };
    }),
  );
  return { files: entries };
}
