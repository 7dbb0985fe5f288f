import { lockClientAddress } from '../db/advisory-locks.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { refuseWhenFull, type AddressCap } from '../security/address-caps.ts';
import { countGuestsFromAddress, insertGuest } from './guests.repository.ts';

const tooManyGuests = (cap: AddressCap) => (wait: string) =>
  `Too many new visitors from your network (${cap.max} in the last hour) for us to remember one more. ` +
  `Try again in ${wait}, or open the app in Telegram, where your Telegram account is enough.`;

/**
 * Refuses early, before costly work (decoding a photo), when a new guest from this address would
 * be refused; createGuest's count is the one that counts.
 */
export async function checkRoomForGuest(db: Db, cap: AddressCap): Promise<void> {
  refuseWhenFull(await countGuestsFromAddress(db, cap.addressKey, cap.windowSeconds), cap, tooManyGuests(cap));
}

/**
 * A new web guest from a client address, or 429 rate_limited when that address has created its
 * cap within the window (docs/decisions/011-guest-costs-and-merges.md). The address's lock makes
 * the count and the insert one step on every instance.
 */
export async function createGuest(db: Db, cap: AddressCap): Promise<UserRow> {
  return db.transaction().execute(async (trx) => {
    await lockClientAddress(trx, cap.addressKey);
    refuseWhenFull(await countGuestsFromAddress(trx, cap.addressKey, cap.windowSeconds), cap, tooManyGuests(cap));
    return insertGuest(trx, cap.addressKey);
  });
}
