import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { applicationEditSchema, employmentFormSchema } from './application-edit.schema.ts';
import { applicationToFormValues } from './application-mapping.ts';
import {
  applicantPatchSchema,
  applicationRecordSchema,
  creationPayloadSchema,
  dealerBlockSchema,
  wireAddressSchema,
} from './application.schema.ts';
import { LANGUAGES } from './enums.ts';
import { validationMessages } from './messages.ts';
import {
  applicationRecord,
  dealerBlock,
  displayLabelMessages,
  draftInput,
  housingInput,
  incomeInput,
  personalInput,
} from './test-fixtures.ts';
import {
  addressFormSchema,
  applicationDraftSchema,
  driverLicenseSchema,
  housingSchema,
  incomeSchema,
  createPersonalSchema,
  previousEmploymentFormSchema,
} from './wizard.schema.ts';

const messages: readonly string[] = Object.values(validationMessages);

describe('validation messages', () => {
  it('each message is a sentence ending in a period, so the messages read alike', () => {
    expect(messages.filter((message) => !message.endsWith('.'))).toEqual([]);
  });

  it('a name in other letters is told to use Latin letters as on the driver’s license', () => {
    expect(validationMessages.firstNameInvalid).toMatch(/Latin letters \(A–Z\) as on your driver's license/);
    expect(validationMessages.lastNameInvalid).toMatch(/Latin letters \(A–Z\) as on your driver's license/);
  });

  it('each message text is used once, so one translation fits every use', () => {
    expect(new Set(messages).size).toBe(messages.length);
  });

  const oddValues = [undefined, null, '', '  ', 'Й', 'x', 0, -1, 1.5, 1e20, Number.NaN, true, {}, [], { line1: 5 }];
  const schemas: [string, v.GenericSchema & { entries: Record<string, unknown> }, Record<string, unknown>][] = [
    ['personal', createPersonalSchema(), personalInput()],
    ['housing', housingSchema, housingInput({ yearsAtAddress: '0' })],
    ['income', incomeSchema, incomeInput({ yearsAtEmployer: '0' })],
    ['driver license', driverLicenseSchema, { front: 'a', back: 'b' }],
    ['draft', applicationDraftSchema, draftInput()],
    ['address', addressFormSchema, {}],
    ['previous employment', previousEmploymentFormSchema, {}],
    ['edit form', applicationEditSchema, applicationToFormValues(applicationRecord())],
    ['edit form employment', employmentFormSchema, {}],
    ['creation payload', creationPayloadSchema, {}],
    ['applicant patch', applicantPatchSchema, {}],
    ['application record', applicationRecordSchema, applicationRecord()],
    ['dealer block', dealerBlockSchema, dealerBlock],
    ['wire address', wireAddressSchema, {}],
  ];

  it.each(schemas)('every message the %s schema gives for odd input is a listed message', (_name, schema, valid) => {
    const inputs: unknown[] = [...oddValues];
    for (const key of Object.keys(schema.entries)) {
      for (const odd of oddValues) {
        inputs.push({ ...valid, [key]: odd });
        inputs.push(Object.fromEntries(Object.keys(schema.entries).map((other) => [other, odd])));
      }
    }
    const given = new Set(inputs.flatMap((input) => (v.safeParse(schema, input).issues ?? []).map((issue) => issue.message)));
    expect([...given].filter((message) => !messages.includes(message))).toEqual([]);
  });
});

/** msgid → msgstr of a Lingui PO catalogue. */
function readCatalogue(language: string): Map<string, string> {
  const text = readFileSync(new URL(`../locales/${language}/messages.po`, import.meta.url), 'utf8');
  const quoted = '((?:"(?:[^"\\\\]|\\\\.)*"\\s*)+)';
  const entry = new RegExp(`^msgid ${quoted}msgstr ${quoted}`, 'gm');
  const unquote = (block: string) =>
    [...block.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((part) => JSON.parse(`"${part[1]}"`) as string).join('');
  const catalogue = new Map<string, string>();
  for (const [, id = '', translation = ''] of text.matchAll(entry)) catalogue.set(unquote(id), unquote(translation));
  return catalogue;
}

describe('translation catalogues (locales/<lang>/messages.po)', () => {
  const toTranslate = [...messages, ...displayLabelMessages];

  it.each(LANGUAGES)('%s translates every validation message and display name', (language) => {
    const catalogue = readCatalogue(language);
    const missing = toTranslate.filter((message) => !catalogue.get(message));
    expect(missing).toEqual([]);
  });

  it('English translates each message to itself', () => {
    const catalogue = readCatalogue('en');
    expect(toTranslate.filter((message) => catalogue.get(message) !== message)).toEqual([]);
  });

  it.each(['uk', 'ru'])('%s translates each validation message into Cyrillic', (language) => {
    const catalogue = readCatalogue(language);
    expect(messages.filter((message) => !/[а-яіїєґ]/i.test(catalogue.get(message) ?? ''))).toEqual([]);
  });
});
