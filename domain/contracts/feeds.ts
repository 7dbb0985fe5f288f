import type { FeedChannel, FeedOmissionReason, FeedProblem } from '../vehicle-feeds.ts';

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
  /** Why the whole feed is not served (a missing setting); null when it is. */
  problem: FeedProblem | null;
  /** Cars with a line in the feed. */
  included: number;
  omitted: OmittedFeedCar[];
}

/** GET /api/inventory/feeds (staff): each channel's feed, in FEED_CHANNELS order. */
export interface FeedsAnswer {
  feeds: FeedReport[];
}
