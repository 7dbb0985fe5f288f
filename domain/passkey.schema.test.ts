import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { getFieldErrors } from './contracts/errors.ts';
import { passkeyAuthenticationSchema, passkeyRegistrationSchema } from './passkey.schema.ts';

const credential = { id: 'Y3JlZGVudGlhbC1pZC0wMQ', rawId: 'Y3JlZGVudGlhbC1pZC0wMQ', type: 'public-key' };
const registration = {
  name: ' Office laptop ',
  response: { ...credential, response: { clientDataJSON: 'e30', attestationObject: 'o2NmbXQ', transports: ['internal', 'hybrid'] } },
};
const authentication = { response: { ...credential, response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'MEUC' } } };

const errorsOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? {} : getFieldErrors(result.issues);
};

describe('what the browser sends back from a passkey ceremony', () => {
  it('takes a new passkey with its name trimmed and no extension results', () => {
    const parsed = v.parse(passkeyRegistrationSchema, registration);
    expect(parsed.name).toBe('Office laptop');
    expect(parsed.response.clientExtensionResults).toEqual({});
    expect(parsed.response.response.transports).toEqual(['internal', 'hybrid']);
  });

  it('takes a passkey check', () => {
    expect(v.parse(passkeyAuthenticationSchema, authentication).response.response.signature).toBe('MEUC');
  });

  it.each([
    ['an empty name', { ...registration, name: '  ' }, 'name'],
    ['a name of 65 characters', { ...registration, name: 'x'.repeat(65) }, 'name'],
    ['a name with a control character', { ...registration, name: 'a\u0000b' }, 'name'],
    ['an id that is not base64url', { ...registration, response: { ...registration.response, id: 'a+b/' } }, 'response.id'],
    ['another credential type', { ...registration, response: { ...registration.response, type: 'password' } }, 'response.type'],
    [
      'an unknown transport',
      { ...registration, response: { ...registration.response, response: { ...registration.response.response, transports: ['pigeon'] } } },
      'response.response.transports.0',
    ],
    [
      'no attestation',
      { ...registration, response: { ...registration.response, response: { clientDataJSON: 'e30' } } },
      'response.response.attestationObject',
    ],
  ])('refuses a new passkey with %s, naming the field', (_case, input, field) => {
    expect(Object.keys(errorsOf(passkeyRegistrationSchema, input))).toContain(field);
  });

  it('refuses a passkey check without its signature, naming it', () => {
    const { signature: _signature, ...rest } = authentication.response.response;
    expect(Object.keys(errorsOf(passkeyAuthenticationSchema, { response: { ...credential, response: rest } }))).toEqual([
      'response.response.signature',
    ]);
  });
});
