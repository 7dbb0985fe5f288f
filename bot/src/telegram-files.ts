import type { Api } from 'grammy';

/** A bot may download files of at most 20 MB through the Bot API, so a larger one is refused before anything is fetched. */
export const TELEGRAM_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** A 20 MB file over a slow link still arrives well within this; a stalled one does not hold the handler longer. */
const DOWNLOAD_TIMEOUT_MS = 30_000;

/** The file is larger than the bot takes (its declared size, or the bytes as they arrived). */
export class TelegramFileTooLarge extends Error {
  constructor() {
    super(`the file is larger than ${TELEGRAM_FILE_MAX_BYTES} bytes`);
    this.name = 'TelegramFileTooLarge';
  }
}

/**
 * A file someone sent the bot: getFile names its path, then its bytes come from the Bot API's file
 * URL (`{apiRoot}/file/bot{token}/{path}`), read up to the cap and within the timeout.
 */
export async function downloadTelegramFile(
  api: Api,
  bot: { apiRoot: string; token: string },
  fileId: string,
  maxBytes = TELEGRAM_FILE_MAX_BYTES,
): Promise<Buffer> {
  const file = await api.getFile(fileId);
  if ((file.file_size ?? 0) > maxBytes) throw new TelegramFileTooLarge();
  if (!file.file_path) throw new Error('getFile named no file path');
  const response = await fetch(`${bot.apiRoot}/file/bot${bot.token}/${file.file_path}`, {
    signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
  });
  if (!response.ok || !response.body) throw new Error(`the file download answered ${response.status}`);
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body.cancel();
    throw new TelegramFileTooLarge();
  }
  const reader = response.body.getReader();
  const chunks: Buffer[] = [];
  let size = 0;
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    size += part.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new TelegramFileTooLarge();
    }
    chunks.push(Buffer.from(part.value));
  }
  return Buffer.concat(chunks);
}
