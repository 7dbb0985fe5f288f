import { useLingui } from '@lingui/react';
import { Link } from 'react-router';
import { REG_B_DAYS } from '../../../../../domain/constants.ts';

/** The landing message; someone who has applied is offered the status rather than a second application. */
export function Hero({ applied }: { applied: boolean }) {
  const { i18n } = useLingui();
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__text">
        <p className="hero__eyebrow">{i18n._('Car loans and leases for every credit story')}</p>
        <h1 id="hero-title" className="hero__title">
          {i18n._('Drive the car you want with financing that fits your budget')}
        </h1>
        <p className="hero__lead">
          {i18n._(
            'Apply online in about 10 minutes, pick your car from our inventory and hear our decision within {days} days at the latest.',
            { days: REG_B_DAYS },
          )}
        </p>
        <div className="button-row">
          <Link to="/application" className="button button--primary button--large">
            {applied ? i18n._('See your loan status') : i18n._('Start Application')}
          </Link>
          <Link to="/cars" className="button button--secondary button--large">
            {i18n._('Browse cars')}
          </Link>
        </div>
      </div>
      <svg className="hero__art" viewBox="0 0 320 160" role="presentation" aria-hidden="true" focusable="false">
        <rect x="0" y="128" width="320" height="6" rx="3" className="hero__road" />
        <path
          className="hero__car"
          d="M40 112c0-10 6-18 16-20l34-8 30-26c6-5 13-8 21-8h62c9 0 17 4 23 10l22 24 32 6c10 2 16 10 16 20v14c0 4-3 7-7 7H47c-4 0-7-3-7-7z"
        />
        <path className="hero__glass" d="M128 60h44v24h-70l18-16c2-5 5-8 8-8zM182 60h22c5 0 9 2 12 6l15 18h-49z" />
        <circle cx="94" cy="126" r="20" className="hero__wheel" />
        <circle cx="94" cy="126" r="8" className="hero__hub" />
        <circle cx="236" cy="126" r="20" className="hero__wheel" />
        <circle cx="236" cy="126" r="8" className="hero__hub" />
      </svg>
    </section>
  );
}
