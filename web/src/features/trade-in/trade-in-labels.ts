import type { I18n } from '@lingui/core';
import type { TradeInAngle } from '../../../../domain/contracts/trade-ins.ts';
import {
  ACCIDENT_HISTORIES,
  BODY_DAMAGES,
  KEY_COUNTS,
  TYRE_CONDITIONS,
  type OwnershipKind,
  type TradeInConditionQuestion,
} from '../../../../domain/trade-ins/trade-in.schema.ts';

/** The describe screen's words for the domain's angles, questions and answers, in the reader's language. */

export const angleLabels = (i18n: I18n): Record<TradeInAngle, string> => ({
  front: i18n._('Front'),
  rear: i18n._('Rear'),
  left: i18n._('Left side'),
  right: i18n._('Right side'),
  interior: i18n._('Interior'),
  odometer: i18n._('Odometer'),
  damage: i18n._('Damage'),
});

export interface QuestionText {
  legend: string;
  /** Each answer: the value the draft holds and its words. */
  answers: { value: string | boolean; label: string }[];
}

export function conditionQuestions(i18n: I18n): Record<TradeInConditionQuestion, QuestionText> {
  // Each yes or no in the question's own words, which read the same in the staff's summary.
  const yesNo = (yes: string, no: string) => [
    { value: true, label: yes },
    { value: false, label: no },
  ];
  const severity = (values: readonly string[]) => {
    const words: Record<string, string> = { none: i18n._('None'), minor: i18n._('Minor'), major: i18n._('Major') };
    return values.map((value) => ({ value, label: words[value]! }));
  };
  const keys: Record<(typeof KEY_COUNTS)[number], string> = { one: i18n._('One'), two_or_more: i18n._('Two or more') };
  const tyres: Record<(typeof TYRE_CONDITIONS)[number], string> = { good: i18n._('Good'), fair: i18n._('Fair'), worn: i18n._('Worn') };
  return {
    accidents: { legend: i18n._('Has it been in an accident?'), answers: severity(ACCIDENT_HISTORIES) },
    warningLights: { legend: i18n._('Are any warning lights on?'), answers: yesNo(i18n._('Some are on'), i18n._('None are on')) },
    smokedIn: { legend: i18n._('Has anyone smoked in it?'), answers: yesNo(i18n._('Smoked in'), i18n._('Never smoked in')) },
    keys: { legend: i18n._('How many keys do you have?'), answers: KEY_COUNTS.map((value) => ({ value, label: keys[value] })) },
    tyres: { legend: i18n._('How are the tires?'), answers: TYRE_CONDITIONS.map((value) => ({ value, label: tyres[value] })) },
    bodyDamage: { legend: i18n._('Any paint or body damage?'), answers: severity(BODY_DAMAGES) },
    mechanicalIssues: { legend: i18n._('Any mechanical problems?'), answers: yesNo(i18n._('Some problems'), i18n._('No problems')) },
    modifications: { legend: i18n._('Any aftermarket modifications?'), answers: yesNo(i18n._('Modified'), i18n._('Not modified')) },
  };
}

export const ownershipLabels = (i18n: I18n): Record<OwnershipKind, string> => ({
  owned: i18n._('Owned outright'),
  financed: i18n._('Financed'),
  leased: i18n._('Leased'),
});
