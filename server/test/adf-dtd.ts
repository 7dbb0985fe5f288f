import { readFileSync } from 'node:fs';
import { DtdValidator, XmlDocument, XmlDtd, XmlValidateError } from 'libxml2-wasm';

/**
 * The ADF 1.0 document type definition as published (fixtures/adf.dtd), with one line made
 * deterministic: libxml2 calls the published `contact` model ambiguous, since both of its branches
 * `(email | phone+) | (email, phone+)` may start with an email. This line accepts the same contacts.
 */
const PUBLISHED_CONTACT = '<!ELEMENT contact (name+, ((email | phone+) | (email, phone+)), address?)>';
const DETERMINISTIC_CONTACT = '<!ELEMENT contact (name+, ((email, phone*) | phone+), address?)>';

const published = readFileSync(new URL('fixtures/adf.dtd', import.meta.url), 'utf8');
if (!published.includes(PUBLISHED_CONTACT)) throw new Error('fixtures/adf.dtd: the contact line is not the published one');
const validator = new DtdValidator(XmlDtd.fromString(published.replace(PUBLISHED_CONTACT, DETERMINISTIC_CONTACT)));

/** What libxml2 finds wrong with a lead against the ADF 1.0 DTD: [] for a valid lead. */
export function adfDtdErrors(lead: string): string[] {
  const document = XmlDocument.fromString(lead);
  try {
    validator.validate(document);
    return [];
  } catch (error) {
    if (error instanceof XmlValidateError) return error.details.map((detail) => `line ${detail.line}: ${detail.message.trim()}`);
    throw error;
  } finally {
    document.dispose();
  }
}
