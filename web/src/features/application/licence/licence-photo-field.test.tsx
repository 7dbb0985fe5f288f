import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOCUMENT_MAX_BYTES } from '../../../../../domain/contracts/documents.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { FakeXhr } from '../../../test/fake-xhr.ts';
import { LicencePhotoField } from './licence-photo-field.tsx';
import { shrinkImage } from '../../../lib/shrink-image.ts';

vi.mock('../../../lib/shrink-image.ts', () => ({ shrinkImage: vi.fn() }));

const shrunk = new Blob(['small jpeg'], { type: 'image/jpeg' });
const picked = () => new File(['a big camera photo'], 'IMG_0001.png', { type: 'image/png' });
const createObjectURL = vi.fn((_photo: Blob) => 'blob:preview');
const stored = (id: number) => ({ id, side: 'front', mime: 'image/jpeg', size: 90_000, width: 2000, height: 1260 });

beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  // jsdom has no object URLs.
  vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL, revokeObjectURL: vi.fn() }));
  vi.mocked(shrinkImage).mockReset().mockResolvedValue(shrunk);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The field as a form holds it: the value follows onChange. */
function Field({
  initial = '',
  error,
  onChange,
  onUploadingChange,
}: {
  initial?: string;
  error?: string;
  onChange?: (id: string) => void;
  onUploadingChange?: (busy: boolean) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <LicencePhotoField
      id="license-front"
      side="front"
      label="Front of license"
      value={value}
      onChange={(id) => {
        onChange?.(id);
        setValue(id);
      }}
      onUploadingChange={onUploadingChange}
      error={error}
    />
  );
}

const cameraInput = () => document.getElementById('license-front') as HTMLInputElement;
const galleryInput = () => document.getElementById('license-front-gallery') as HTMLInputElement;

async function pick(input: HTMLInputElement, file = picked()) {
  await userEvent.upload(input, file);
  await waitFor(() => expect(FakeXhr.sent.length).toBeGreaterThan(0));
  return FakeXhr.last();
}

describe('LicencePhotoField', () => {
  it('offers the camera and the gallery, one input each, both named after the side', () => {
    renderWithProviders(<Field />);
    expect(cameraInput()).toMatchObject({ type: 'file', accept: 'image/jpeg,image/png,image/webp', multiple: false });
    expect(cameraInput().getAttribute('capture')).toBe('environment');
    expect(galleryInput().hasAttribute('capture')).toBe(false);
    expect(screen.getByLabelText('Front of license Take a photo')).toBe(cameraInput());
    expect(screen.getByLabelText('Front of license Choose from gallery')).toBe(galleryInput());
    expect(screen.getByRole('group', { name: 'Front of license' })).toBeTruthy();
  });

  it('shrinks the photo, uploads it with progress, shows the preview and hands over the id', async () => {
    const onChange = vi.fn();
    const onUploadingChange = vi.fn();
    renderWithProviders(<Field onChange={onChange} onUploadingChange={onUploadingChange} />);
    const file = picked();
    const request = await pick(cameraInput(), file);

    expect(shrinkImage).toHaveBeenCalledWith(file);
    expect(request.body!.get('side')).toBe('front');
    expect(request.body!.get('file')).toMatchObject({ size: shrunk.size, type: 'image/jpeg' });
    expect(onUploadingChange).toHaveBeenLastCalledWith(true);
    expect(screen.getByRole('status').textContent).toBe('Uploading photo...');

    act(() => request.progress(30, 100));
    expect(document.querySelector('progress')!.value).toBeCloseTo(0.3);

    await act(async () => request.respond(201, stored(42)));
    expect(onChange).toHaveBeenCalledWith('42');
    expect(onUploadingChange.mock.calls).toEqual([[true], [false]]);
    expect(screen.getByRole('status').textContent).toBe('Photo uploaded');
    expect(document.querySelector('progress')).toBeNull();
    expect(screen.getByRole('img', { name: 'Your photo: Front of license' }).getAttribute('src')).toBe('blob:preview');
    expect(createObjectURL).toHaveBeenCalledWith(shrunk);
    expect(screen.getByLabelText('Front of license Retake photo')).toBe(cameraInput());
  });

  it('says so when the server refuses the type, and offers no pointless retry', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Field onChange={onChange} />);
    const request = await pick(galleryInput());
    await act(async () => request.respond(415, { error: { code: 'unsupported_media_type', message: 'Upload a photo.' } }));

    expect(screen.getByRole('alert').textContent).toContain('This file is not a photo we can use. Choose a JPEG, PNG or WebP image.');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(cameraInput().getAttribute('aria-describedby')).toBe('license-front-problem');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('leaves no broken image behind after a file the browser cannot show', async () => {
    renderWithProviders(<Field />);
    const request = await pick(galleryInput());
    const preview = document.querySelector('.licence-field__preview');
    expect(preview).not.toBeNull();
    fireEvent.error(preview!);
    await act(async () => request.respond(415, { error: { code: 'unsupported_media_type', message: 'Upload a photo.' } }));
    expect(document.querySelector('.licence-field__preview')).toBeNull();
  });

  it.each([
    [413, 'payload_too_large', 'This photo is larger than 10 MB.'],
    [400, 'bad_request', 'We could not read this photo.'],
    [429, 'rate_limited', 'Too many photos have been uploaded.'],
    [503, 'unavailable', 'The upload failed (error 503).'],
  ])('explains a %i answer', async (status, code, text) => {
    renderWithProviders(<Field />);
    const request = await pick(cameraInput());
    await act(async () => request.respond(status, { error: { code, message: 'server words' } }));
    expect(screen.getByRole('alert').textContent).toContain(text);
  });

  it('does not send a photo the server would refuse as too large', async () => {
    vi.mocked(shrinkImage).mockResolvedValue(new Blob([new Uint8Array(DOCUMENT_MAX_BYTES + 1)], { type: 'image/jpeg' }));
    const onUploadingChange = vi.fn();
    renderWithProviders(<Field onUploadingChange={onUploadingChange} />);
    await userEvent.upload(cameraInput(), picked());
    expect((await screen.findByRole('alert')).textContent).toContain('This photo is larger than 10 MB.');
    expect(FakeXhr.sent).toEqual([]);
    expect(onUploadingChange.mock.calls).toEqual([[true], [false]]);
  });

  it('retries the same photo after a network failure', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Field onChange={onChange} />);
    const first = await pick(cameraInput());
    await act(async () => first.fail());
    expect(screen.getByRole('alert').textContent).toContain('The upload did not finish. Check your connection and try again.');

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(FakeXhr.sent).toHaveLength(2);
    const second = FakeXhr.last();
    expect(second.body!.get('file')).toMatchObject({ size: shrunk.size });
    expect(shrinkImage).toHaveBeenCalledTimes(1);
    await act(async () => second.respond(201, stored(43)));
    expect(onChange).toHaveBeenCalledWith('43');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tells an offline applicant they are offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithProviders(<Field />);
    const request = await pick(cameraInput());
    await act(async () => request.fail());
    expect(screen.getByRole('alert').textContent).toContain('You are offline. Connect to the internet and try again.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('keeps the previous photo when a replacement fails', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Field initial="17" onChange={onChange} />);
    const request = await pick(cameraInput());
    await act(async () => request.fail());
    expect(screen.getByRole('alert').textContent).toContain('Your previous photo is still attached.');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('removes the photo and puts the focus back on the camera', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Field onChange={onChange} />);
    const request = await pick(cameraInput());
    await act(async () => request.respond(201, stored(42)));

    await userEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.queryByRole('button', { name: 'Remove photo' })).toBeNull();
    expect(screen.getByLabelText('Front of license Take a photo')).toBe(document.activeElement);
  });

  it('cancels an upload that is removed before it ends', async () => {
    const onUploadingChange = vi.fn();
    renderWithProviders(<Field onUploadingChange={onUploadingChange} />);
    const request = await pick(cameraInput());
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(request.aborted).toBe(true);
    expect(onUploadingChange.mock.calls).toEqual([[true], [false]]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows "Photo uploaded" for a photo uploaded on another device, with replace and remove', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Field initial="17" onChange={onChange} />);
    expect(screen.getByRole('status').textContent).toBe('Photo uploaded');
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByLabelText('Front of license Retake photo')).toBe(cameraInput());
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(onChange).toHaveBeenCalledWith('');
  });

  it('shows the form error under the field and ties it to both inputs', () => {
    renderWithProviders(<Field error="Front of license is required." />);
    const error = screen.getByText('Front of license is required.');
    expect(error.id).toBe('license-front-error');
    for (const input of [cameraInput(), galleryInput()]) {
      expect(input.getAttribute('aria-describedby')).toBe('license-front-error');
      expect(input.getAttribute('aria-invalid')).toBe('true');
    }
  });

  it('stops the upload and releases the caller when the step unmounts', async () => {
    const onUploadingChange = vi.fn();
    const { unmount } = renderWithProviders(<Field onUploadingChange={onUploadingChange} />);
    const request = await pick(cameraInput());
    unmount();
    expect(request.aborted).toBe(true);
    expect(onUploadingChange.mock.calls).toEqual([[true], [false]]);
  });
});
