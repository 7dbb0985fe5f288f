import * as v from 'valibot';
import { plainText } from './text.ts';

/**
 * What the browser sends back from a WebAuthn ceremony, in the JSON form the WebAuthn spec
 * defines (binary fields base64url). Only the shape is checked here; the signature, challenge,
 * origin and relying party are verified by the server.
 */

const base64url = (name: string, maxLength: number) =>
  v.pipe(
    v.string(`${name} must be text`),
    v.maxLength(maxLength, `${name} is too long`),
    v.regex(/^[A-Za-z0-9_-]+$/, `${name} must be base64url`),
  );

export const AUTHENTICATOR_TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;

const credential = {
  id: base64url('id', 1366),
  rawId: base64url('rawId', 1366),
  type: v.literal('public-key', 'type must be public-key'),
  authenticatorAttachment: v.optional(
    v.picklist(['platform', 'cross-platform'], 'authenticatorAttachment must be platform or cross-platform'),
  ),
  clientExtensionResults: v.optional(v.object({}), {}),
};

export const passkeyNameSchema = v.pipe(plainText('name', 64), v.nonEmpty('Give the passkey a name, such as "Office laptop".'));

/** POST /api/auth/passkeys: a new passkey (navigator.credentials.create) and its name. */
export const passkeyRegistrationSchema = v.object({
  name: passkeyNameSchema,
  response: v.object({
    ...credential,
    response: v.object({
      clientDataJSON: base64url('clientDataJSON', 8192),
      attestationObject: base64url('attestationObject', 65536),
      transports: v.optional(
        v.pipe(
          v.array(v.picklist(AUTHENTICATOR_TRANSPORTS, 'transports holds an unknown transport')),
          v.maxLength(8, 'transports has too many entries'),
        ),
      ),
    }),
  }),
});

/** POST /api/auth/passkeys/authentication: a passkey check (navigator.credentials.get). */
export const passkeyAuthenticationSchema = v.object({
  response: v.object({
    ...credential,
    response: v.object({
      clientDataJSON: base64url('clientDataJSON', 8192),
      authenticatorData: base64url('authenticatorData', 65536),
      signature: base64url('signature', 2048),
      userHandle: v.optional(base64url('userHandle', 128)),
    }),
  }),
});
