import type { TradeInOfferStatus } from '../../../../domain/contracts/trade-ins.ts';
import type {
  ACCIDENT_HISTORIES,
  KEY_COUNTS,
  OwnershipKind,
  TradeInAngle,
  TradeInCondition,
  TradeInConditionQuestion,
  TradeInStatus,
  TYRE_CONDITIONS,
} from '../../../../domain/trade-ins/trade-in.schema.ts';

/** The staff's words for a trade-in's values, as message ids (docs/product/staff-dashboard.md#trade-ins). */

export const TRADE_IN_STATUS_LABELS: Record<TradeInStatus, string> = {
  draft: 'Draft',
  new: 'New',
  offered: 'Offered',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Offer expired',
  withdrawn: 'Withdrawn',
};

export const OFFER_STATUS_LABELS: Record<TradeInOfferStatus, string> = {
  open: 'Open',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Offer expired',
  superseded: 'Superseded',
};

export const ANGLE_LABELS: Record<TradeInAngle, string> = {
  front: 'Front',
  rear: 'Rear',
  left: 'Left side',
  right: 'Right side',
  interior: 'Interior',
  odometer: 'Odometer',
  damage: 'Damage',
};

export const WAITING_ON_LABELS = { staff: 'Waiting on us', shopper: 'Waiting on the owner' } as const;

export const OWNERSHIP_LABELS: Record<OwnershipKind, string> = {
  owned: 'Owned outright',
  financed: 'Financed (a loan to pay off)',
  leased: 'Leased (a buyout to pay)',
};

/** Each condition question as the appraiser reads it, and each of its answers in words. */
export const CONDITION_QUESTION_LABELS: Record<TradeInConditionQuestion, string> = {
  accidents: 'Accident history',
  warningLights: 'Warning lights on the dashboard',
  smokedIn: 'Smoked in',
  keys: 'Keys',
  tyres: 'Tires',
  bodyDamage: 'Body damage',
  mechanicalIssues: 'Mechanical issues',
  modifications: 'Aftermarket modifications',
};

const SEVERITY: Record<(typeof ACCIDENT_HISTORIES)[number], string> = {
  none: 'None',
  minor: 'Minor',
  major: 'Major',
};
const KEYS: Record<(typeof KEY_COUNTS)[number], string> = { one: 'One key', two_or_more: 'Two or more keys' };
const TYRES: Record<(typeof TYRE_CONDITIONS)[number], string> = { good: 'Good tread', fair: 'Fair tread', worn: 'Worn, need replacing' };

/** The shopper's answer to a question as a message id; null when it was left unanswered. */
export function conditionAnswerLabel(condition: TradeInCondition, question: TradeInConditionQuestion): string | null {
  switch (question) {
    case 'accidents':
    case 'bodyDamage': {
      const answer = condition[question];
      return answer === null ? null : SEVERITY[answer];
    }
    case 'keys':
      return condition.keys === null ? null : KEYS[condition.keys];
    case 'tyres':
      return condition.tyres === null ? null : TYRES[condition.tyres];
    default: {
      const answer = condition[question];
      return answer === null ? null : answer ? 'Yes' : 'No';
    }
  }
}
