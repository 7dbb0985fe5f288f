import type { OutboxConsumer } from '../../../domain/contracts/outbox.ts';
import { lockVisitCar } from '../cars/cars.repository.ts';
import type { Db } from '../db/database.ts';
import { enqueueOutboxEvent } from '../outbox/outbox.repository.ts';
import { clearCarGoneVisits, markCarGoneVisits } from './visits.repository.ts';

const VISITS_CONSUMER = 'visits';

const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

/**
 * The outbox's `visits` consumer (docs/product/visits.md#messages-and-reminders): when a car with
 * booked visits still ahead leaves sale (sold, a sale pending, archived or back in draft), each such
 * visit is marked and a `visit.car_gone` event written for it in the same transaction, so its
 * shopper hears once; when the car is for sale again (a pending sale fell through, or it is
 * published anew) the marks are lifted. It reads the car's state as it is now, under the car's lock
 * that bookings take too, rather than the event's: an event delivered late or again changes nothing
 * that a later one settled, and no booking slips in between.
 */
function visitCarGoneConsumer(db: Db): OutboxConsumer {
  return {
    name: VISITS_CONSUMER,
    kinds: ['car.listing_changed', 'car.published'],
    async deliver(event) {
      // It takes a car's listing changes only (its kinds); the others are never handed to it.
      if (event.kind !== 'car.listing_changed' && event.kind !== 'car.published') return;
      const { carUuid } = event.payload;
      await db.transaction().execute(async (trx) => {
        const car = await lockVisitCar(trx, carUuid);
        if (car?.status === 'available') return clearCarGoneVisits(trx, carUuid);
        for (const visit of await markCarGoneVisits(trx, carUuid, new Date())) {
          await enqueueOutboxEvent(trx, 'visit.car_gone', { visitId: visit.id, carUuid, startsAt: visit.starts_at.toISOString() });
        }
      });
    },
    // Only the database can fail here, and it comes back.
    isPermanent: () => false,
    describeError,
  };
}

/** The visits feature's outbox consumers. */
export function visitConsumers(db: Db): OutboxConsumer[] {
  return [visitCarGoneConsumer(db)];
}
