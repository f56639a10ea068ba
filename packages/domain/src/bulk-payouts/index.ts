import { type BulkFileResult, parseBulkFile } from './bulk.ts';
import { parsePain001 } from './pain001.ts';

export * from './bulk.ts';
export * from './bulk.api.ts';
export * from './bulk.errors.ts';
export { PAIN_NAMESPACES, type Pain001Version, parsePain001, rootNamespaceOf } from './pain001.ts';
export * from './pain002.ts';
/** The strict XML reader of pain.001, for checking the XML the portal writes (pain.002) too. */
export { childrenOf, parseXml, textAt, type XmlElement } from './xml.ts';

/** Reads an uploaded pay-out file (CSV of the template or pain.001.001.03/09). */
export const parseBulkUpload = (fileName: string, bytes: Uint8Array): BulkFileResult =>
  parseBulkFile(fileName, bytes, parsePain001);
