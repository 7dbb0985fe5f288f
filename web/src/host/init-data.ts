/**
 * The raw Telegram init data of this launch, kept apart from the SDK so the API client can read
 * it without pulling the SDK into the plain-web bundle. Set once by the Telegram boot.
 */
let rawInitData: string | undefined;

export function setRawInitData(raw: string | undefined): void {
  rawInitData = raw && raw.length > 0 ? raw : undefined;
}

export function getRawInitData(): string | undefined {
  return rawInitData;
}
