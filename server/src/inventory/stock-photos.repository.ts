import { sql, type Selectable } from 'kysely';
import type { StockPhotoPart } from '../../../domain/contracts/stock-photos.ts';
import type { Db } from '../db/database.ts';
import type { BotStockPhotoPartsTable } from '../db/schema.ts';

/** The photos of admins' albums sent to the bot, until each album is added as a whole (migration 0022). */

const ago = (ms: number) => sql<Date>`now() - make_interval(secs => ${ms / 1000})`;

export async function addStockPhotoPart(db: Db, part: StockPhotoPart): Promise<void> {
  await db
    .insertInto('bot_stock_photo_parts')
    .values({
      chat_id: part.chatId,
      message_id: part.messageId,
      media_group_id: part.mediaGroupId,
      message_thread_id: part.messageThreadId,
      sender_user_id: part.senderUserId,
      language: part.language,
      file_id: part.fileId,
      file_size: part.fileSize,
      mime_type: part.mimeType,
      caption: part.caption,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

const toPart = (row: Selectable<BotStockPhotoPartsTable>): StockPhotoPart => ({
  chatId: row.chat_id,
  messageId: row.message_id,
  mediaGroupId: row.media_group_id,
  messageThreadId: row.message_thread_id,
  senderUserId: row.sender_user_id,
  language: row.language,
  fileId: row.file_id,
  fileSize: row.file_size,
  mimeType: row.mime_type,
  caption: row.caption,
});

/**
 * Takes every part of the album, in message order, once no part of it has arrived for `quietMs`;
 * none while parts are still arriving (the last part's own look takes them). One DELETE, so two
 * instances looking at once never both take a part.
 */
export async function takeStockPhotoAlbum(db: Db, chatId: number, mediaGroupId: string, quietMs: number): Promise<StockPhotoPart[]> {
  const rows = await db
    .deleteFrom('bot_stock_photo_parts')
    .where('chat_id', '=', chatId)
    .where('media_group_id', '=', mediaGroupId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('bot_stock_photo_parts as later')
            .select('later.message_id')
            .where('later.chat_id', '=', chatId)
            .where('later.media_group_id', '=', mediaGroupId)
            .where('later.received_at', '>', ago(quietMs)),
        ),
      ),
    )
    .returningAll()
    .execute();
  return rows.map(toPart).sort((a, b) => a.messageId - b.messageId);
}

/** Albums whose parts have waited longer than `olderThanMs`: their process stopped before adding them. */
export async function findStaleStockPhotoAlbums(db: Db, olderThanMs: number): Promise<Array<{ chatId: number; mediaGroupId: string }>> {
  const rows = await db
    .selectFrom('bot_stock_photo_parts')
    .select(['chat_id', 'media_group_id'])
    .where('received_at', '<', ago(olderThanMs))
    .groupBy(['chat_id', 'media_group_id'])
    .limit(20)
    .execute();
  return rows.map((r) => ({ chatId: r.chat_id, mediaGroupId: r.media_group_id }));
}
