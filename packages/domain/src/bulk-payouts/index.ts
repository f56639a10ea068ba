import { type BulkFileResult, parseBulkFile } from './bulk.ts';
import { parsePain001 } from './pain001.ts';

export * from './bulk.ts';
export * from './bulk.api.ts';
export * from './bulk.errors.ts';
export { PAIN_NAMESPACES, type Pain001Version, parsePain001, rootNamespaceOf } from './pain001.ts';

/** Reads an uploaded pay-out file (CSV of the template or pain.001.001.03/09). */
export const parseBulkUpload = (fileName: string, bytes: Uint8Array): BulkFileResult =>
  parseBulkFile(fileName, bytes, parsePain001);
