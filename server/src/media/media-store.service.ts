import { createHash } from 'node:crypto';

/** The formats a stored image may be in: what the media pipeline writes. */
export type MediaContentType = 'image/jpeg' | 'image/webp';

export interface StoredMedia {
  bytes: Buffer;
  contentType: MediaContentType;
}

/**
 * Where processed images live, named by the SHA-256 of their bytes (content-addressed): the same
 * bytes are stored once, and a name never changes meaning, so its URL may be cached for ever. The
 * runtime makes one (PostgreSQL by default, media.repository.ts, so every instance sees the same
 * images and one backup holds them); another backing (an object store) only has to keep these
 * promises.
 */
export interface MediaStore {
  /** Stores the bytes unless stored already; storing them again counts as new for deleteUnreferenced. */
  put(bytes: Buffer, contentType: MediaContentType): Promise<{ hash: string }>;
  get(hash: string): Promise<StoredMedia | null>;
  /**
   * Deletes blobs nothing refers to that were last stored before `storedBefore`; answers how many.
   * The grace period spares blobs an upload has stored but not yet referred to.
   */
  deleteUnreferenced(storedBefore: Date): Promise<number>;
}

/** The name a blob is stored under. */
export const mediaHash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
