import * as v from 'valibot';
import {
  FEED_CHANNELS,
  FEED_OMISSION_REASONS,
  FEED_PROBLEMS,
  type FeedChannel,
  type FeedOmissionReason,
  type FeedProblem,
} from '../vehicle-feeds.ts';

/** A car a channel would list by its state but leaves out for what it lacks (domain/vehicle-feeds.ts). */
export interface OmittedFeedCar {
  uuid: string;
  stockNumber: string;
  /** "2019 Honda Accord EX". */
  title: string;
  reasons: FeedOmissionReason[];
}

/** One channel's feed as it reads now. */
export interface FeedReport {
  channel: FeedChannel;
  /** The absolute address to give the channel. */
  url: string;
  /** Whether the feed is served; off (answered 503) while a setting it needs is missing. */
  on: boolean;
  /** Why the whole feed is off; null when it is on. */
  problem: FeedProblem | null;
  /** The setting that turns the feed on, such as DEALER_STORE_CODE; null when it is on. */
  setting: string | null;
  /** Cars with a line in the feed; while it is off, those it will list once on. */
  included: number;
  omitted: OmittedFeedCar[];
}

/** GET /api/inventory/feeds (staff): each channel's feed, in FEED_CHANNELS order. */
export interface FeedsAnswer {
  feeds: FeedReport[];
}

/** FeedsAnswer as the API document describes it (server/src/http/openapi.ts). */
export const feedsAnswerSchema = v.object({
  feeds: v.array(
    v.object({
      channel: v.picklist(FEED_CHANNELS),
      url: v.string(),
      on: v.boolean(),
      problem: v.nullable(v.picklist(FEED_PROBLEMS)),
      setting: v.nullable(v.string()),
      included: v.pipe(v.number(), v.integer()),
      omitted: v.array(
        v.object({
          uuid: v.string(),
          stockNumber: v.string(),
          title: v.string(),
          reasons: v.array(v.picklist(FEED_OMISSION_REASONS)),
        }) satisfies v.GenericSchema<unknown, OmittedFeedCar>,
      ),
    }) satisfies v.GenericSchema<unknown, FeedReport>,
  ),
}) satisfies v.GenericSchema<unknown, FeedsAnswer>;
