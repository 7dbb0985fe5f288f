import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InventoryPhoto } from '../../../../domain/contracts/inventory.ts';
import { shrinkImage } from '../../lib/shrink-image.ts';
import { FakeXhr } from '../../test/fake-xhr.ts';
import { mockFetch, renderWithProviders } from '../../test/render.tsx';
import { CAR_UUID, inventoryCar } from '../../test/staff-fixtures.ts';
import { CAR_PHOTO_MAX_EDGE, PhotoManager } from './photo-manager.tsx';

vi.mock('../../lib/shrink-image.ts', () => ({ shrinkImage: vi.fn() }));

let network: ReturnType<typeof mockFetch> | undefined;
beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.mocked(shrinkImage)
    .mockReset()
    .mockImplementation((file) => Promise.resolve(new File(['small'], (file as File).name, { type: 'image/jpeg' })));
  network = mockFetch({ [`GET /api/inventory/${CAR_UUID}`]: () => inventoryCar() });
});
afterEach(() => {
  network?.restore();
  vi.unstubAllGlobals();
});

const photo = (id: string): InventoryPhoto => ({ id, url: `/media/cars/${id}.webp`, width: 1280, height: 960 });
const picked = (name: string) => new File(['camera bytes'], name, { type: name.endsWith('.heic') ? 'image/heic' : 'image/jpeg' });

describe('uploading car photos', () => {
  it('shrinks each chosen photo to 3,000 px and uploads them one after another, each with its own progress and answer', async () => {
    renderWithProviders(<PhotoManager car={inventoryCar()} />);
    const input = document.getElementById('car-photos-input') as HTMLInputElement;
    // A picker's "All files" lets a HEIC through the accept list.
    await userEvent.setup({ applyAccept: false }).upload(input, [picked('front.jpg'), picked('side.heic')]);

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(vi.mocked(shrinkImage)).toHaveBeenCalledWith(expect.objectContaining({ name: 'front.jpg' }), CAR_PHOTO_MAX_EDGE);
    const first = FakeXhr.last();
    expect(first.url).toBe(`/api/inventory/${CAR_UUID}/photos`);
    expect((first.body!.getAll('file') as File[]).map((file) => file.name)).toEqual(['front.jpg']);
    first.progress(50, 100);
    const uploads = screen.getByRole('list', { name: 'Uploads' });
    await waitFor(() =>
      expect(within(uploads).getByRole('progressbar', { name: 'Uploading front.jpg' }).getAttribute('value')).toBe('0.5'),
    );
    expect(within(uploads).getAllByRole('listitem')[1]!.textContent).toContain('Waiting...');
    first.respond(201, [photo('p1')]);

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    FakeXhr.last().respond(415, { error: { code: 'unsupported_media_type', message: 'HEIC is not supported.' } });
    const [front, side] = within(uploads).getAllByRole('listitem');
    await waitFor(() => expect(front!.textContent).toContain('Photo uploaded'));
    expect(within(side!).getByRole('alert').textContent).toContain(
      'This file is not a photo we can use. Choose a JPEG, PNG or WebP image.',
    );
  });

  it('offers a retry when the server is busy decoding other photos', async () => {
    renderWithProviders(<PhotoManager car={inventoryCar()} />);
    await userEvent.upload(document.getElementById('car-photos-input') as HTMLInputElement, picked('rear.jpg'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.last().respond(503, { error: { code: 'busy', message: 'Too many images are being decoded.' } });
    const problem = await screen.findByRole('alert');
    expect(problem.textContent).toContain('The server is busy with other photos.');
    await userEvent.click(within(problem).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
  });
});
