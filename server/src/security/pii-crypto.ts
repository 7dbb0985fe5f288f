import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Personal data at rest (docs/product/retention.md#privacy-and-retention, the Safeguards Rule bar): AES-256-GCM with a
 * fresh 96-bit IV per value. Every ciphertext names the key that made it, so keys can rotate: new
 * data uses the current key, older data stays readable while its key is kept in the keyring.
 *
 * Text form: `v1.<kid>.<iv>.<tag>.<ciphertext>` (base64url parts), for text columns.
 * Binary form: 0x01 | kid (4 bytes) | iv (12) | tag (16) | ciphertext, for bytea columns.
 */

const VERSION = 'v1';
const BINARY_VERSION = 0x01;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KID_BYTES = 4;

export class PiiDecryptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PiiDecryptError';
  }
}

/**
 * Optional context bound into the ciphertext as associated data (for example 'applications.ssn'),
 * so a value copied into another column or row fails to decrypt instead of being misread.
 */
export interface PiiContext {
  context?: string;
}

export interface PiiCipher {
  /** Key id of the current key: the first 8 hex characters of SHA-256 of the key bytes. */
  readonly keyId: string;
  encrypt(plain: string, options?: PiiContext): string;
  decrypt(sealed: string, options?: PiiContext): string;
  encryptBytes(plain: Uint8Array, options?: PiiContext): Buffer;
  decryptBytes(sealed: Uint8Array, options?: PiiContext): Buffer;
  /** Key id a sealed value was made with; lets a rotation job find values to re-encrypt. */
  keyIdOf(sealed: string | Uint8Array): string;
  /** True when the value was sealed with an older key and should be re-encrypted. */
  needsRotation(sealed: string | Uint8Array): boolean;
}

export interface PiiKeyring {
  /** 32 bytes, base64 (DATA_ENCRYPTION_KEY). */
  current: string;
  /** Retired keys still needed to read older values (DATA_ENCRYPTION_PREVIOUS_KEYS). */
  previous?: readonly string[];
}

export const keyIdFor = (key: Buffer) =>
  createHash('sha256')
    .update(key)
    .digest('hex')
    .slice(0, KID_BYTES * 2);

function keyBytes(base64: string): Buffer {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== 32) throw new Error('A data encryption key must be 32 bytes (base64).');
  return key;
}

export function createPiiCipher(keyring: PiiKeyring): PiiCipher {
  const current = keyBytes(keyring.current);
  const keyId = keyIdFor(current);
  const keys = new Map<string, Buffer>([[keyId, current]]);
  for (const old of keyring.previous ?? []) {
    const key = keyBytes(old);
    if (!keys.has(keyIdFor(key))) keys.set(keyIdFor(key), key);
  }

  const aadFor = (options?: PiiContext) => Buffer.from(options?.context ?? '', 'utf8');

  function seal(plain: Uint8Array, options?: PiiContext) {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', current, iv);
    cipher.setAAD(aadFor(options));
    const ciphertext = Buffer.concat([cipher.update(plain), cipher.final()]);
    return { iv, tag: cipher.getAuthTag(), ciphertext };
  }

  function open(kid: string, iv: Buffer, tag: Buffer, ciphertext: Buffer, options?: PiiContext): Buffer {
    const key = keys.get(kid);
    if (!key) throw new PiiDecryptError(`No key with id ${kid} in the keyring; add the retired key to DATA_ENCRYPTION_PREVIOUS_KEYS.`);
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new PiiDecryptError('The encrypted value is malformed.');
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(aadFor(options));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
    } catch {
      throw new PiiDecryptError('The encrypted value was altered or belongs to another field.');
    }
  }

  function splitText(sealed: string) {
    const parts = sealed.split('.');
    if (parts.length !== 5 || parts[0] !== VERSION || !/^[0-9a-f]{8}$/.test(parts[1] ?? '')) {
      throw new PiiDecryptError('The encrypted value is malformed.');
    }
    const [, kid, iv, tag, ciphertext] = parts as [string, string, string, string, string];
    return { kid, iv: Buffer.from(iv, 'base64url'), tag: Buffer.from(tag, 'base64url'), ciphertext: Buffer.from(ciphertext, 'base64url') };
  }

  function splitBytes(sealed: Uint8Array) {
    const buffer = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
    const header = 1 + KID_BYTES + IV_BYTES + TAG_BYTES;
    if (buffer.length < header || buffer[0] !== BINARY_VERSION) throw new PiiDecryptError('The encrypted value is malformed.');
    let at = 1;
    const take = (n: number) => buffer.subarray(at, (at += n));
    const kid = take(KID_BYTES).toString('hex');
    const iv = take(IV_BYTES);
    const tag = take(TAG_BYTES);
    return { kid, iv, tag, ciphertext: buffer.subarray(at) };
  }

  const kidOf = (sealed: string | Uint8Array) => (typeof sealed === 'string' ? splitText(sealed).kid : splitBytes(sealed).kid);

  return {
    keyId,
    encrypt(plain, options) {
      const { iv, tag, ciphertext } = seal(Buffer.from(plain, 'utf8'), options);
      return [VERSION, keyId, iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join('.');
    },
    decrypt(sealed, options) {
      const { kid, iv, tag, ciphertext } = splitText(sealed);
      return open(kid, iv, tag, ciphertext, options).toString('utf8');
    },
    encryptBytes(plain, options) {
      const { iv, tag, ciphertext } = seal(plain, options);
      return Buffer.concat([Buffer.from([BINARY_VERSION]), Buffer.from(keyId, 'hex'), iv, tag, ciphertext]);
    },
    decryptBytes(sealed, options) {
      const { kid, iv, tag, ciphertext } = splitBytes(sealed);
      return open(kid, iv, tag, ciphertext, options);
    },
    keyIdOf: kidOf,
    needsRotation: (sealed) => kidOf(sealed) !== keyId,
  };
}

/** The process-wide cipher from configuration (DATA_ENCRYPTION_KEY plus retired keys). */
export function piiCipherFromConfig(security: { dataEncryptionKey: string; dataEncryptionPreviousKeys: readonly string[] }): PiiCipher {
  return createPiiCipher({ current: security.dataEncryptionKey, previous: security.dataEncryptionPreviousKeys });
}
