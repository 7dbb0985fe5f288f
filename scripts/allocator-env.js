/**
 * glibc's allocator as the Dockerfile sets it (docs/decisions/007-licence-uploads.md): without these,
 * memory that a burst of image decodes freed stays with the process. glibc reads them once, when a
 * process starts, so whatever starts the server (scripts/start.js, the memory bench, the pixel-bomb fault)
 * sets them in the new process's environment.
 */
export const ALLOCATOR_ENV = Object.freeze({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' });
