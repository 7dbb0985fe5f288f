import { setFlagsFromString } from 'node:v8';

/**
 * V8 flags of the server process, set before the app's modules load: start.ts imports this first.
 *
 * No allocation-site pretenuring. V8 notes which code's objects survived its first collections,
 * while the server starts and the young generation is still small, and from then on makes that
 * code's objects directly in the old generation. The database driver's rows were among them, so
 * every request's rows, garbage a moment later, went to the old generation: each young collection
 * took about five times as long, a full one came every ten thousand requests or so, and garbage
 * collection was the largest cost the app added to a catalogue request
 * (docs/operations/benchmarks.md#catalogue). What really lives long is made once at start, where
 * pretenuring saves nothing worth having.
 */
setFlagsFromString('--no-allocation-site-pretenuring');
