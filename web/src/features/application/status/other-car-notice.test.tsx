import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { MyApplication } from '../../../../../domain/contracts/applications.ts';
import { mockWizardApi, renderWizard, storeDraft, submitted } from '../test/wizard-harness.tsx';
import { json } from '../../../test/render.tsx';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

const OTHER_CAR = '3f1c2b4a-1111-4222-8333-444455556666';
const otherCar = {
  uuid: OTHER_CAR,
  year: 2024,
  brand: 'Toyota',
  model: 'Camry',
  trim: null,
  price: 27_000,
  mileage: 10,
  condition: 'used',
  photo: null,
};

/** Pressed Apply on a car's page: the car page puts it in the draft and opens /application. */
function arriveWithOtherCar(application: MyApplication, extra: Parameters<typeof mockWizardApi>[0] = {}) {
  storeDraft({ carId: OTHER_CAR, personal: {}, housing: {}, income: {}, driverLicense: {} });
  const api = mockWizardApi({ 'GET /api/applications/mine': () => application, [`GET /api/cars/${OTHER_CAR}`]: () => otherCar, ...extra });
  restore = api.restore;
  renderWizard('/application');
  return api;
}

describe('an applicant who has applied presses Apply on another car', () => {
  it('is told the application stands, sees its status, and can move it to this car while in review', async () => {
    const moved: MyApplication = { ...submitted, car: { ...otherCar, condition: 'used' } };
    const api = arriveWithOtherCar(submitted, { 'PATCH /api/applications/mine/car': () => moved });
    const heading = await screen.findByRole('heading', { name: 'You have already applied' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText(/You chose another car, but you have already sent an application/)).toBeTruthy();
    const notice = screen.getByRole('region', { name: 'You have already applied' });
    expect(await within(notice).findByText('2024 Toyota Camry')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your application' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Apply with this car instead' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'You have already applied' })).toBeNull());
    const patch = api.calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toEqual({ carId: OTHER_CAR });
    expect(await screen.findByText('2024 Toyota Camry')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View the car' }).getAttribute('href')).toBe(`/cars/${OTHER_CAR}`);
  });

  it('once decided, is told the car cannot be changed here and is offered no switch', async () => {
    arriveWithOtherCar({ ...submitted, status: 'approved' });
    await screen.findByRole('heading', { name: 'You have already applied' });
    expect(screen.getByText(/has been decided, so its car cannot be changed here/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply with this car instead' })).toBeNull();
  });

  it('says so when the car is no longer available', async () => {
    arriveWithOtherCar(submitted, {
      'PATCH /api/applications/mine/car': () =>
        json(400, {
          error: { code: 'bad_request', message: 'no', fields: { carId: 'This car is no longer available. Choose another car.' } },
        }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Apply with this car instead' }));
    const notice = screen.getByRole('region', { name: 'You have already applied' });
    expect((await within(notice).findByRole('alert')).textContent).toBe('This car is no longer available. Choose another car.');
  });

  it("is told the same when the car page's 'See your application' brings them here", async () => {
    const api = mockWizardApi({ 'GET /api/applications/mine': () => submitted, [`GET /api/cars/${OTHER_CAR}`]: () => otherCar });
    restore = api.restore;
    renderWizard(`/application?car=${OTHER_CAR}`);
    const notice = await screen.findByRole('region', { name: 'You have already applied' });
    expect(await within(notice).findByText('2024 Toyota Camry')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Apply with this car instead' })).toBeTruthy();
  });
});
