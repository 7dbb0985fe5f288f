import { useLingui } from '@lingui/react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { awaitsDecision } from '../../../../../domain/application-status.ts';
import { carTitle } from '../../../../../domain/cars.ts';
import type { MyApplication } from '../../../../../domain/contracts/applications.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useCar } from '../../../lib/api/get-car.ts';
import { useChangeApplicationCar } from '../api/change-application-car.ts';

/**
 * An applicant who has applied and pressed Apply on another car: they are told that their application
 * stands, and what they can do. While it is in review they may move it to this car (decision 013); once
 * decided, the dealer is the one to talk to. The heading takes focus, since this is why the page opened.
 */
export function OtherCarNotice({ application, carId, onDone }: { application: MyApplication; carId: string; onDone: () => void }) {
  const { i18n } = useLingui();
  const car = useCar(carId);
  const change = useChangeApplicationCar();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const unavailable = change.error instanceof ApiError && change.error.code === 'bad_request';
  return (
    <div className="card other-car" role="region" aria-labelledby="other-car-title">
      <h2 id="other-car-title" ref={heading} tabIndex={-1}>
        {i18n._('You have already applied')}
      </h2>
      {car.data ? (
        <p className="other-car__name">
          <strong>{carTitle(car.data)}</strong>
        </p>
      ) : null}
      <p>
        {i18n._('You chose another car, but you have already sent an application. One application covers one car; its status is below.')}
      </p>
      {awaitsDecision(application.status) ? (
        <>
          <p>{i18n._('Your application is still in review, so you can move it to this car. Your answers stay as they are.')}</p>
          {change.isError ? (
            <p role="alert" className="field__error">
              {unavailable
                ? i18n._('This car is no longer available. Choose another car.')
                : i18n._('We could not change the car. Try again.')}
            </p>
          ) : null}
          <div className="button-row">
            <button
              type="button"
              className="button button--primary"
              disabled={change.isPending}
              onClick={() => change.mutate(carId, { onSuccess: onDone })}
            >
              {i18n._('Apply with this car instead')}
            </button>
            <button type="button" className="button button--secondary" onClick={onDone}>
              {i18n._('Keep my application as it is')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p>{i18n._('Your application has been decided, so its car cannot be changed here. Contact us about this car.')}</p>
          <div className="button-row">
            <Link to={`/cars/${encodeURIComponent(carId)}`} className="button button--secondary">
              {i18n._('Back to the car')}
            </Link>
          </div>
        </>
      )}
    </div>
  );
}
