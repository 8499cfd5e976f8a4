import { Document } from '../../db/models';
import { sha256 } from '../../server/services/documents/storage';
import { testKnex } from './db';

/** A document row with its original, as an upload would leave them (for tests that need one without reading a scan). */
export async function insertDocumentWithOriginal(fields: Pick<Document, 'userId' | 'filename' | 'mimeType'> & Partial<Document>, bytes: Buffer): Promise<Document> {
  const document = await Document.query().insertAndFetch({ byteSize: bytes.length, sha256: sha256(bytes), pages: 1, ...fields });
  await (await testKnex())('document_files').insert({ documentId: document.id, content: bytes });
  return document;
}

/** How many originals the database holds for a user's documents. */
export async function originalsOf(userId: string): Promise<number> {
  const knex = await testKnex();
  const [{ count }] = await knex('document_files').join('documents', 'documents.id', 'document_files.document_id').where('documents.user_id', userId).count({ count: '*' });
  return Number(count);
}

/** Whether a document's original is still in the database. */
export async function hasOriginal(documentId: string): Promise<boolean> {
  return Boolean(await (await testKnex())('document_files').where({ documentId }).first('document_id'));
}
