import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

interface StoredCredential {
  id: Buffer;
  rpId: string;
  privateKey: KeyObject;
  counter: number;
}

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');

function uint32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
}

/** The ES256 public key as COSE: kty EC2, alg -7, curve P-256, x and y. */
function coseKey(privateKey: KeyObject): Uint8Array {
  const jwk = privateKey.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]),
  );
}

/**
 * A passkey authenticator in software, doing what a phone or security key does in a WebAuthn
 * ceremony: P-256 keys, "none" attestation, user present and verified, a signature counter. The
 * server verifies what it makes exactly as it verifies a browser's answer.
 */
export class SoftwareAuthenticator {
  private readonly credentials: StoredCredential[] = [];

  /** The page's origin, which the browser writes into the signed client data. */
  constructor(private readonly origin: string) {}

  /** navigator.credentials.create() with the server's options. */
  register(options: PublicKeyCredentialCreationOptionsJSON, { origin = this.origin } = {}): RegistrationResponseJSON {
    const rpId = options.rp.id ?? new URL(origin).hostname;
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const id = randomBytes(32);
    const credential: StoredCredential = { id, rpId, privateKey, counter: 0 };
    this.credentials.push(credential);
    const attested = Buffer.concat([Buffer.alloc(16), Buffer.from([id.length >> 8, id.length & 0xff]), id, coseKey(privateKey)]);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_CREDENTIAL]),
      uint32(0),
      attested,
    ]);
    const clientData = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false });
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      response: { clientDataJSON: b64url(Buffer.from(clientData)), attestationObject: b64url(attestationObject), transports: ['internal'] },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get() with the server's options, signing with the first allowed credential it holds. */
  assert(options: PublicKeyCredentialRequestOptionsJSON, { origin = this.origin } = {}): AuthenticationResponseJSON {
    const allowed = new Set((options.allowCredentials ?? []).map((c) => c.id));
    const credential = this.credentials.find((c) => allowed.size === 0 || allowed.has(b64url(c.id)));
    if (!credential) throw new Error('SoftwareAuthenticator: none of the allowed credentials is here');
    credential.counter += 1;
    const authData = Buffer.concat([
      sha256(options.rpId ?? credential.rpId),
      Buffer.from([FLAG_USER_PRESENT | FLAG_USER_VERIFIED]),
      uint32(credential.counter),
    ]);
    const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }));
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      response: { clientDataJSON: b64url(clientData), authenticatorData: b64url(authData), signature: b64url(signature) },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
