import * as v from 'valibot';

/** A staff member's passkey as the dashboard lists it. */
export interface PasskeyItem {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** GET /api/auth/passkeys: the staff member's passkeys and what this browser's session may do with them. */
export interface PasskeysAnswer {
  passkeys: PasskeyItem[];
  /** A passkey was confirmed in this browser's session. */
  sessionVerified: boolean;
  /**
   * Until when this session may add a first passkey: 10 minutes after signing in with a one-time
   * link from the bot. Null when it may not (no such sign-in, the time is up, or a passkey exists).
   */
  firstPasskeyUntil: string | null;
  /** STAFF_MFA=required: personal data needs the passkey check on the web. */
  mfaRequired: boolean;
}

/** POST /api/auth/passkeys: the passkey just added. */
export interface PasskeyAdded {
  passkey: PasskeyItem;
}

/** PasskeysAnswer and PasskeyAdded as the API document describes them (server/src/http/openapi.ts). */
const passkeyItemSchema = v.object({
  id: v.pipe(v.number(), v.integer()),
  name: v.string(),
  createdAt: v.string(),
  lastUsedAt: v.nullable(v.string()),
}) satisfies v.GenericSchema<unknown, PasskeyItem>;

export const passkeysAnswerSchema = v.object({
  passkeys: v.array(passkeyItemSchema),
  sessionVerified: v.boolean(),
  firstPasskeyUntil: v.nullable(v.string()),
  mfaRequired: v.boolean(),
}) satisfies v.GenericSchema<unknown, PasskeysAnswer>;

export const passkeyAddedSchema = v.object({ passkey: passkeyItemSchema }) satisfies v.GenericSchema<unknown, PasskeyAdded>;

/* The WebAuthn ceremonies' options as @simplewebauthn/server makes them (PublicKeyCredentialCreationOptionsJSON and
   PublicKeyCredentialRequestOptionsJSON): the browser hands them to navigator.credentials as they are. */
const credentialDescriptorSchema = v.object({
  id: v.string(),
  type: v.literal('public-key'),
  transports: v.optional(v.array(v.string())),
});

/** POST /api/auth/passkeys/registration-options. */
export const passkeyCreationOptionsSchema = v.object({
  rp: v.object({ name: v.string(), id: v.optional(v.string()) }),
  user: v.object({ id: v.string(), name: v.string(), displayName: v.string() }),
  challenge: v.string(),
  pubKeyCredParams: v.array(v.object({ type: v.literal('public-key'), alg: v.number() })),
  timeout: v.optional(v.number()),
  excludeCredentials: v.optional(v.array(credentialDescriptorSchema)),
  authenticatorSelection: v.optional(
    v.object({
      authenticatorAttachment: v.optional(v.string()),
      residentKey: v.optional(v.string()),
      requireResidentKey: v.optional(v.boolean()),
      userVerification: v.optional(v.string()),
    }),
  ),
  hints: v.optional(v.array(v.string())),
  attestation: v.optional(v.string()),
  extensions: v.optional(v.record(v.string(), v.unknown())),
});

/** POST /api/auth/passkeys/authentication-options. */
export const passkeyRequestOptionsSchema = v.object({
  challenge: v.string(),
  timeout: v.optional(v.number()),
  rpId: v.optional(v.string()),
  allowCredentials: v.optional(v.array(credentialDescriptorSchema)),
  userVerification: v.optional(v.string()),
  hints: v.optional(v.array(v.string())),
  extensions: v.optional(v.record(v.string(), v.unknown())),
});

/** POST /api/auth/passkeys/authentication: the check passed, and this session may reach personal data. */
export const passkeyCheckedSchema = v.object({ ok: v.literal(true) });
