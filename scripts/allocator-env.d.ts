export declare const ALLOCATOR_ENV: Readonly<{ MALLOC_ARENA_MAX: string; MALLOC_MMAP_THRESHOLD_: string }>;
