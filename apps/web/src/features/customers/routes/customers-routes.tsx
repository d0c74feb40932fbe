import { Navigate, Route, Routes } from 'react-router';
import { CustomerPage } from './customer-page.tsx';
import { CustomersPage } from './customers-page.tsx';

/** `/customers` (the book) and `/customers/:id` (one customer). */
export function CustomersRoutes() {
  return (
    <Routes>
      <Route index element={<CustomersPage />} />
      <Route path=":id" element={<CustomerPage />} />
      <Route path="*" element={<Navigate to="/error/404" replace />} />
    </Routes>
  );
}
