import { readFileSync } from 'node:fs';
import { PAIN_NAMESPACES, type Pain001Version, rootNamespaceOf } from '@portal/domain';
import { DomainError } from '../../http/errors.ts';
import { xmllint } from './xmllint.ts';

/**
 * Issue 35: an uploaded pain.001 is checked against the ISO 20022 schema of the version its
 * namespace names before anything reads it, and a refusal quotes the schema's own error (line and
 * element). The schemas are the project's unchanged copies in `iso20022/` (sha256 in its README),
 * read from disk once; libxml2 (xmllint-wasm) validates in a long-lived worker thread, off the
 * event loop. Its command line compiles the schema on every run (about 0.1 s); no API of
 * xmllint-wasm keeps a compiled schema.
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
  const run = await xmllint(
    [
      { fileName: 'upload.xml', contents: text },
      { fileName: `${version}.xsd`, contents: schemaOf(version) },
    ],
    ['--schema', `${version}.xsd`, '--noout', 'upload.xml'],
  );
  if (run.code === 0) return;
  // 3: the schema refused it; 4: not even well-formed XML. Anything else is a fault, not the file's.
  if (run.code !== 3 && run.code !== 4)
    throw new Error(`xmllint exit ${run.code}: ${run.stderr.slice(0, 500)}`);
  const first = /^upload\.xml:(\d+): (.*)$/m.exec(run.stderr);
  const line = first?.[1] ?? '1';
  const message = first?.[2] ?? run.stderr.split('\n')[0] ?? '';
  if (run.code === 4 || message.startsWith('parser error'))
    throw new DomainError('PAIN_MALFORMED', {
      reason: `line ${line}: ${schemaMessage(message).replace(/\.$/, '')}`,
    });
  throw new DomainError('PAIN_SCHEMA', { version, line, error: schemaMessage(message) });
}
