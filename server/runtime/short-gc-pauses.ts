/**
 * Imported by the server's entry, and by the load generator that times it. When V8's memory reducer
 * decides a process has gone quiet it collects "to reduce the memory footprint": every fragmented page
 * compacted and the young generation shrunk, in one stop of the event loop. A server at a clinic's
 * pace is not quiet, and that collection still came, once ~110 s after start: under `npm run load` it
 * stopped the server 139-151 ms (every request in flight waited) and the generator 72 ms. Without the
 * flag the reducer's collection is an ordinary one (10 ms in the same day), and it still gives memory
 * back when the server idles. V8 reads this flag when the reducer collects, so setting it here works.
 */
import v8 from 'node:v8';

v8.setFlagsFromString('--no-memory-reducer-favors-memory');
