import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { Toaster } from '../../../components/toasts.tsx';
import { renderWithProviders } from '../../../test/render.tsx';
import { ApplicationPage } from '../application-page.tsx';

/**
 * The application page of user 5 (staffApplication's applicant) as staff open it from the users
 * list, with its toasts; `otherRoutes` stand where the page may send them.
 */
export function renderApplicationPage(otherRoutes?: ReactNode) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/dashboard/users/:userId" element={<ApplicationPage />} />
        {otherRoutes}
      </Routes>
      <Toaster />
    </>,
    { route: '/dashboard/users/5' },
  );
}
