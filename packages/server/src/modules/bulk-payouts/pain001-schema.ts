import { readFileSync } from 'node:fs';
import { PAIN_NAMESPACES, type Pain001Version, rootNamespaceOf } from '@portal/domain';
import { memoryPages, validateXML } from 'xmllint-wasm';
import { DomainError } from '../../http/errors.ts';

/**
 * Issue 35: an uploaded pain.001 is checked against the ISO 20022 schema of the version its
 * namespace names before anything reads it, and a refusal quotes the schema's own error (line and
 * element). The schemas are the project's unchanged copies in `iso20022/` (sha256 in its README),
 * read from disk once; xmllint-wasm (libxml2) validates in a worker thread, off the event loop.
 * xmllint-wasm runs libxml2's command line once per call, so the schema itself is compiled per call.
 */
const schemas = new Map<Pain001Version, string>();
function schemaOf(version: Pain001Version): string {
  let xsd = schemas.get(version);
  if (xsd === undefined) {
    xsd = readFileSync(new URL(`./iso20022/${version}.xsd`, import.meta.url), 'utf8');
    schemas.set(version, xsd);
  }
  return xsd;
}

/** The longest schema message quoted back: "Expected is one of ( … )" lists can run long. */
const MAX_ERROR = 300;

/** libxml2's message without its "element X: Schemas validity error :" lead and `{namespace}` prefixes. */
function schemaMessage(raw: string): string {
  const text = raw
    .replace(/^.*?\b(?:validity|parser|namespace) error\s*:\s*/, '')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/([^.!?…])$/, '$1.');
  return text.length > MAX_ERROR ? `${text.slice(0, MAX_ERROR - 1)}…` : text;
}

/**
 * Refuses an XML upload that is not a valid pain.001.001.03 or .09 document: an unknown namespace
 * with PAIN_NAMESPACE, a schema error with PAIN_SCHEMA (version, line, the schema's message). A
 * file whose root cannot even be found (DOCTYPE, broken markup) is left to the parser's refusal.
 */
export async function assertPain001Schema(text: string): Promise<void> {
  const ns = rootNamespaceOf(text);
  if (ns === null) return;
  const version = (PAIN_NAMESPACES as Record<string, Pain001Version>)[ns];
  if (!version) throw new DomainError('PAIN_NAMESPACE', { ns: ns || '(none)' });
  const result = await validateXML({
    xml: { fileName: 'upload.xml', contents: text },
    schema: { fileName: `${version}.xsd`, contents: schemaOf(version) },
    // Room for the tree of a 5 MB file (the streaming reader would save memory but drops the
    // parser's own errors for a file that is not well-formed).
    maxMemoryPages: 256 * memoryPages.MiB,
  });
  if (result.valid) return;
  const first = result.errors.find((e) => e.loc !== null) ?? result.errors[0];
  const line = String(first?.loc?.lineNumber ?? 1);
  // Not even well-formed XML: the parser's error, with its line.
  if (first?.message.startsWith('parser error'))
    throw new DomainError('PAIN_MALFORMED', {
      reason: `line ${line}: ${schemaMessage(first.message).replace(/\.$/, '')}`,
    });
  throw new DomainError('PAIN_SCHEMA', {
    version,
    line,
    error: schemaMessage(first?.message ?? result.rawOutput),
  });
}
