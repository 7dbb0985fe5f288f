import { carTitle } from '../../../domain/cars.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { FeedReport, FeedsAnswer, OmittedFeedCar } from '../../../domain/contracts/feeds.ts';
import {
  FEED_CHANNELS,
  feedColumns,
  feedProblemLabels,
  feedProblemSettings,
  feedRow,
  isListedIn,
  type FeedChannel,
  type FeedProblem,
  type FeedSite,
} from '../../../domain/vehicle-feeds.ts';
import { plainCsvLine } from '../http/csv.ts';
import { HttpError } from '../http/errors.ts';
import { listedCarPages } from './feeds.repository.ts';

/** The file each channel fetches, beside the site rather than under /api (docs/product/feeds.md). */
export const feedPath = (channel: FeedChannel) => `/feeds/${channel}-vehicles.csv`;

/** The dealership as the feeds name it, with links from this origin. */
export const feedSite = (config: Pick<Config, 'company'>, origin: string): FeedSite => ({
  origin,
  dealerName: config.company.name,
  dealerPhone: config.company.phone,
  location: config.company.location,
});

/**
 * What keeps a channel's whole feed from being served. Google matches a vehicle to the dealership by
 * its store code; a made-up one would match nothing, and an empty feed would take every ad down. A
 * failed fetch keeps the last good feed's items, so the feed is refused until DEALER_STORE_CODE is set.
 */
const feedProblem = (channel: FeedChannel, site: FeedSite): FeedProblem | null =>
  channel === 'google' && site.location.storeCode === undefined ? 'no_store_code' : null;

async function* feedLines(db: Db, channel: FeedChannel, site: FeedSite): AsyncGenerator<string> {
  yield plainCsvLine(feedColumns(channel));
  for await (const cars of listedCarPages(db)) {
    let chunk = '';
    for (const car of cars) {
      if (!isListedIn(channel, car.listingState)) continue;
      const { row } = feedRow(channel, car, site);
      if (row) chunk += plainCsvLine(row);
    }
    // One write per page of cars: as they come, without a write per line.
    if (chunk !== '') yield chunk;
  }
}

/** A channel's feed as CSV text in pieces, read from the database as it is written; 503 when the feed cannot be served. */
export function openFeed(db: Db, channel: FeedChannel, site: FeedSite): AsyncGenerator<string> {
  const problem = feedProblem(channel, site);
  if (problem)
    throw new HttpError('unavailable', `Not served: ${feedProblemLabels[problem]} Set ${feedProblemSettings[problem]} and restart.`);
  return feedLines(db, channel, site);
}

/** Each channel's feed as staff check it: its address, how many cars it lists and which it leaves out, and why. */
export async function feedsReport(db: Db, site: FeedSite): Promise<FeedsAnswer> {
  const reports = new Map<FeedChannel, FeedReport>(
    FEED_CHANNELS.map((channel) => {
      const problem = feedProblem(channel, site);
      const url = `${site.origin}${feedPath(channel)}`;
      const setting = problem && feedProblemSettings[problem];
      return [channel, { channel, url, on: problem === null, problem, setting, included: 0, omitted: [] }];
    }),
  );
  for await (const cars of listedCarPages(db)) {
    for (const car of cars) {
      for (const report of reports.values()) {
        if (!isListedIn(report.channel, car.listingState)) continue;
        const { omitted: reasons } = feedRow(report.channel, car, site);
        if (!reasons) report.included += 1;
        else report.omitted.push({ uuid: car.uuid, stockNumber: car.stockNumber, title: carTitle(car), reasons } satisfies OmittedFeedCar);
      }
    }
  }
  for (const report of reports.values()) report.omitted.sort((a, b) => a.stockNumber.localeCompare(b.stockNumber));
  return { feeds: [...reports.values()] };
}
