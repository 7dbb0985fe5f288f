import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { CarItem, Paged } from '../../domain/cars.ts';

/** Proves the wiring: the built app served by Fastify lists cars from the API. */
function CarList() {
  const [cars, setCars] = useState<Paged<CarItem> | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    fetch('/api/cars?limit=20')
      .then((res) => (res.ok ? res.json() : Promise.reject(new Error(String(res.status)))))
      .then(setCars, (e: Error) => setError(e.message));
  }, []);
  if (error) return <p>Error: {error}</p>;
  if (!cars) return <p>Loading...</p>;
  return (
    <main>
      <h1>Available Cars ({cars.total})</h1>
      <ul>
        {cars.items.map((car) => (
          <li key={car.uuid}>
            {car.year} {car.brand} {car.model} — ${car.price.toLocaleString('en-US')}
          </li>
        ))}
      </ul>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <CarList />
  </StrictMode>,
);
