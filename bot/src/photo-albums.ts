import type { Api } from 'grammy';
import type { StockPhotoPart } from '../../domain/contracts/stock-photos.ts';
import { albumSends } from './album-sends.ts';
import type { BotLog } from './bot-deps.ts';
import type { PhotoAlbumsPort } from './ports.ts';
import { describeError } from './telegram-errors.ts';

export interface PhotoAlbums {
  /** Keeps one photo of an album; the album is handed on whole once no part has come for a moment. */
  add(api: Api, part: StockPhotoPart): Promise<void>;
  /** Hands on albums left behind (by a restart, or a failure before they were taken). */
  sweep(api: Api): Promise<void>;
  /** Resolves once every album look put off so far is done (albumSends). */
  settled(): Promise<void>;
  /** Cancels album looks still waiting; their parts stay in the database for the next sweep. */
  close(): void;
}

/**
 * The one way the bot collects an album of photos it takes itself, staff's car photos and a
 * shopper's trade-in photos alike (bot/src/features/photos.ts): an album arrives as one update per
 * photo, possibly at different instances, so each part is stored (PhotoAlbumsPort) and a look is
 * put off for the window; the look that finds the album quiet takes every part, in message order,
 * and hands them to `onAlbum`.
 */
export function photoAlbums(
  port: PhotoAlbumsPort,
  log: BotLog,
  albumWindowMs: number,
  onAlbum: (api: Api, parts: StockPhotoPart[]) => Promise<void>,
): PhotoAlbums {
  const looks = albumSends();

  async function flush(api: Api, chatId: number, mediaGroupId: string, quietMs: number): Promise<void> {
    const parts = await port.takeAlbum(chatId, mediaGroupId, quietMs);
    if (parts.length > 0) await onAlbum(api, parts);
  }

  return {
    async add(api, part) {
      await port.addAlbumPart(part);
      // Not awaited: the album's next parts must be handled meanwhile (polling takes one update at a time).
      looks.after(albumWindowMs, () =>
        // Half the window of quiet is asked for: the database's clock may run a little apart from this one.
        flush(api, part.chatId, part.mediaGroupId, albumWindowMs / 2).catch((error: unknown) =>
          log.warn({ error: describeError(error) }, 'an album of photos was not taken; it will be retried'),
        ),
      );
    },
    async sweep(api) {
      for (const { chatId, mediaGroupId } of await port.staleAlbums()) await flush(api, chatId, mediaGroupId, 0);
    },
    settled: () => looks.settled(),
    close: () => looks.close(),
  };
}
