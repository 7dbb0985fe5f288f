import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../test/app.ts';
import { createPiiCipher, keyIdFor, PiiDecryptError, piiCipherFromConfig } from './pii-crypto.ts';

const newKey = () => randomBytes(32).toString('base64');
/** Flips one bit of one dot-separated part (2 = iv, 3 = tag, 4 = ciphertext), re-encoded properly. */
function tamper(sealed: string, part: number): string {
  const parts = sealed.split('.');
  const bytes = Buffer.from(parts[part]!, 'base64url');
  bytes[0]! ^= 1;
  parts[part] = bytes.toString('base64url');
  return parts.join('.');
}

describe('encryption of personal data at rest', () => {
  const cipher = createPiiCipher({ current: newKey() });

  it('decrypts what it encrypted', () => {
    expect(cipher.decrypt(cipher.encrypt('123-45-6789'))).toBe('123-45-6789');
  });

  it('round-trips text in any script, and the empty string', () => {
    for (const text of ['', 'Олена Шевченко', '東京 🚗', 'x'.repeat(10_000)]) expect(cipher.decrypt(cipher.encrypt(text))).toBe(text);
  });

  it('round-trips bytes, such as a licence photo', () => {
    const photo = randomBytes(4096);
    expect(cipher.decryptBytes(cipher.encryptBytes(photo)).equals(photo)).toBe(true);
  });

  it('never shows the plain text in the stored value', () => {
    const sealed = cipher.encrypt('123-45-6789');
    expect(sealed).not.toContain('123-45-6789');
    expect(sealed).not.toContain(Buffer.from('123-45-6789').toString('base64url'));
  });

  it('gives a different ciphertext each time for the same value', () => {
    expect(cipher.encrypt('123-45-6789')).not.toBe(cipher.encrypt('123-45-6789'));
  });

  it('labels each value with the version and the id of its key', () => {
    expect(cipher.encrypt('x')).toMatch(new RegExp(`^v1\\.${cipher.keyId}\\.[\\w-]+\\.[\\w-]+\\.[\\w-]*$`));
    expect(cipher.keyId).toMatch(/^[0-9a-f]{8}$/);
  });

  it('detects a ciphertext that was altered', () => {
    expect(() => cipher.decrypt(tamper(cipher.encrypt('123-45-6789'), 4))).toThrow(PiiDecryptError);
  });

  it('detects an altered authentication tag', () => {
    expect(() => cipher.decrypt(tamper(cipher.encrypt('123-45-6789'), 3))).toThrow(PiiDecryptError);
  });

  it('detects an altered IV', () => {
    expect(() => cipher.decrypt(tamper(cipher.encrypt('123-45-6789'), 2))).toThrow(PiiDecryptError);
  });

  it('detects altered bytes', () => {
    const sealed = cipher.encryptBytes(Buffer.from('licence'));
    sealed[sealed.length - 1]! ^= 1;
    expect(() => cipher.decryptBytes(sealed)).toThrow(PiiDecryptError);
  });

  it('refuses a value moved to another field', () => {
    const ssn = cipher.encrypt('123-45-6789', { context: 'applications.ssn' });
    expect(cipher.decrypt(ssn, { context: 'applications.ssn' })).toBe('123-45-6789');
    expect(() => cipher.decrypt(ssn, { context: 'applications.date_of_birth' })).toThrow(PiiDecryptError);
  });

  it.each(['', 'plain text', 'v1.deadbeef.a.b', 'v2.deadbeef.a.b.c', 'v1.nothex!!.a.b.c'])(
    'answers a malformed value %j with a decrypt error',
    (value) => {
      expect(() => cipher.decrypt(value)).toThrow(PiiDecryptError);
    },
  );

  it('answers too-short bytes with a decrypt error', () => {
    expect(() => cipher.decryptBytes(Buffer.from([1, 2, 3]))).toThrow(PiiDecryptError);
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => createPiiCipher({ current: Buffer.alloc(16).toString('base64') })).toThrow(/32 bytes/);
  });
});

describe('key rotation', () => {
  const oldKey = newKey();
  const currentKey = newKey();
  const before = createPiiCipher({ current: oldKey });
  const after = createPiiCipher({ current: currentKey, previous: [oldKey] });

  it('still reads values sealed with a retired key', () => {
    expect(after.decrypt(before.encrypt('123-45-6789'))).toBe('123-45-6789');
    expect(after.decryptBytes(before.encryptBytes(Buffer.from('photo'))).toString()).toBe('photo');
  });

  it('seals new values with the current key', () => {
    expect(after.keyIdOf(after.encrypt('x'))).toBe(keyIdFor(Buffer.from(currentKey, 'base64')));
  });

  it('tells which values still need re-encrypting', () => {
    expect(after.needsRotation(before.encrypt('x'))).toBe(true);
    expect(after.needsRotation(after.encrypt('x'))).toBe(false);
    expect(after.needsRotation(before.encryptBytes(Buffer.from('x')))).toBe(true);
  });

  it('cannot read a value whose key was dropped from the keyring, and says which key is missing', () => {
    const sealed = before.encrypt('123-45-6789');
    const forgetful = createPiiCipher({ current: currentKey });
    expect(() => forgetful.decrypt(sealed)).toThrow(before.keyId);
  });

  it('builds its keyring from DATA_ENCRYPTION_KEY and DATA_ENCRYPTION_PREVIOUS_KEYS', () => {
    const config = testConfig({ DATA_ENCRYPTION_KEY: currentKey, DATA_ENCRYPTION_PREVIOUS_KEYS: `${oldKey}, ${newKey()}` });
    expect(piiCipherFromConfig(config.security).decrypt(before.encrypt('kept'))).toBe('kept');
  });

  it('stops start-up naming DATA_ENCRYPTION_PREVIOUS_KEYS when a retired key is not 32 bytes', () => {
    expect(() => testConfig({ DATA_ENCRYPTION_PREVIOUS_KEYS: 'c2hvcnQ=' })).toThrow('DATA_ENCRYPTION_PREVIOUS_KEYS');
  });
});
