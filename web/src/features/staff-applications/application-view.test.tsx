import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { staffApplication } from '../../test/staff-fixtures.ts';
import { ApplicationView } from './application-view.tsx';

const previousEmployment = () => screen.getByText('Previous Employment', { selector: 'dt' }).nextElementSibling?.textContent;

describe('the employment lines staff read', () => {
  it('say the applicant declared no previous employment, in place of the previous job', () => {
    renderWithProviders(<ApplicationView application={staffApplication({ previousEmployment: null, noPreviousEmployment: true })} />);
    expect(previousEmployment()).toBe('None: the applicant declared no job before the current one.');
  });

  it('show an em dash when no previous job was asked for', () => {
    renderWithProviders(<ApplicationView application={staffApplication({ previousEmployment: null, noPreviousEmployment: false })} />);
    expect(previousEmployment()).toBe('—');
  });
});
